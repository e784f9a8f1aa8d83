import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * A portal's searches take their turn in its budget's row (api/adapters/hubspot/limiter.ts), so
 * that a search goes out right after its slot; the schedule it had of its own is dropped.
 */
export const searchTurnsInCallSlots: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE hubspot_call_slots ADD COLUMN last_search_ms bigint NOT NULL DEFAULT 0`.execute(db);
    await sql`DROP TABLE hubspot_search_schedule`.execute(db);
  },
};
