import type pg from 'pg';
import { sleep } from './http';

/**
 * HubSpot's search API has a limit of its own: 5 requests per second (its search guide,
 * https://developers.hubspot.com/docs/api-reference/search/guide, "Limitations"). Searches go
 * out at least this far apart per portal: 4 a second, so that a search arriving a little late
 * or early still leaves any second at 5 or fewer. Four pages of 200 records a second are more
 * than the 110-per-10-s budget can write back (two batch updates a page).
 */
export const SEARCH_SPACING_MS = 250;

/** Waits until the portal's next search may go out, in order of asking. */
export interface SearchRateLimiter {
  acquire(portalId: string): Promise<void>;
}

/**
 * Each search books the portal's next free moment and waits for it. On PostgreSQL the booking is
 * one row per portal (hubspot_search_schedule) on the database's clock, so every process books
 * from the same schedule; on PGlite this process is the fleet and the schedule stays in memory.
 */
export function searchRateLimiter(pool?: pg.Pool, spacingMs = SEARCH_SPACING_MS): SearchRateLimiter {
  if (!pool) {
    const next = new Map<string, number>();
    return {
      async acquire(portalId) {
        const now = Date.now();
        const slot = Math.max(next.get(portalId) ?? 0, now);
        next.set(portalId, slot + spacingMs);
        if (slot > now) await sleep(slot - now);
      },
    };
  }
  return {
    async acquire(portalId) {
      const { rows } = await pool.query<{ wait_ms: string }>(
        `INSERT INTO hubspot_search_schedule AS s (portal_id, next_at_ms)
         VALUES ($1, (extract(epoch FROM statement_timestamp()) * 1000)::bigint + $2)
         ON CONFLICT (portal_id) DO UPDATE
           SET next_at_ms = greatest(s.next_at_ms + $2, excluded.next_at_ms)
         RETURNING s.next_at_ms - $2 - (extract(epoch FROM statement_timestamp()) * 1000)::bigint AS wait_ms`,
        [portalId, spacingMs],
      );
      const waitMs = Number(rows[0]?.wait_ms ?? 0);
      if (waitMs > 0) await sleep(waitMs);
    },
  };
}
