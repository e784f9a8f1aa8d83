import type pg from 'pg';
import type { CallPriority } from '../../portals/types';

export interface RateLimit {
  requests: number;
  windowMs: number;
}

/** HubSpot's limit for OAuth apps: 110 requests per rolling 10 seconds per installing portal. */
export const HUBSPOT_RATE_LIMIT: RateLimit = { requests: 110, windowMs: 10_000 };

/**
 * How late a request may reach HubSpot after it took its slot with the budget still holding. A
 * call takes its slot last, once it holds its token and its search has its turn (trySlot), so what
 * is left is the booking's commit, a busy event loop and the network's jitter.
 */
export const MOST_LATE_MS = 250;

/**
 * HubSpot's search API has a limit of its own: 5 requests per second (its search guide,
 * https://developers.hubspot.com/docs/api-reference/search/guide, "Limitations").
 */
export const HUBSPOT_SEARCH_LIMIT: RateLimit = { requests: 5, windowMs: 1_000 };

/**
 * A portal's searches take their slots at least this far apart (250 ms): the slots of 6 searches
 * then span the second plus MOST_LATE_MS, so however late each arrives, HubSpot never receives 6
 * in a second. Four pages of 200 records a second are more than the 110-per-10-s budget can write
 * back (two batch updates a page).
 */
export const SEARCH_SPACING_MS =
  (HUBSPOT_SEARCH_LIMIT.windowMs + MOST_LATE_MS) / HUBSPOT_SEARCH_LIMIT.requests;

/**
 * The budget as a rolling window: at most 110 slots in any 10.25 s. The slots of the calls HubSpot
 * receives in any 10 s were taken in the 10 s before, or up to MOST_LATE_MS earlier, so HubSpot
 * never sees more than 110 in its rolling 10 s; a steady stream gets 110 per 10.25 s (107 per 10 s,
 * 98% of what HubSpot allows). Unlike fixed windows (2 per 200 ms before, which capped a backfill
 * at 100 per 10 s and lost every slot a busy moment left unused), a slot unused now is still there
 * a moment later, and a burst of up to 110 live calls goes out at once (background calls are
 * spread: BACKGROUND_BURST).
 */
export const PORTAL_WINDOW: RollingWindow = {
  points: HUBSPOT_RATE_LIMIT.requests,
  durationSeconds: (HUBSPOT_RATE_LIMIT.windowMs + MOST_LATE_MS) / 1000,
  keptForLive: 2,
};

/** Where a try for a slot ended: taken, or how long to wait before the next try. */
export type Attempt = { taken: true } | { taken: false; waitMs: number };

export interface RollingWindow {
  points: number;
  durationSeconds: number;
  /**
   * Slots background calls leave free for live lookups even when none is waiting, so that a live
   * lookup arriving while a backfill fills the window mostly finds a slot at once. Live lookups
   * at one a second take about 20 of a window's 110 (a read and a write each), so a job running
   * beside them loses nothing to it; a job alone loses 2 of 110.
   */
  keptForLive?: number;
}

/**
 * Whether a call may take a slot at `nowMs` given the slots taken before (ascending, ms): while
 * fewer than `cap` of them are younger than the window, yes; otherwise how long until the oldest
 * that counts leaves it. `cap` is the window's points, less what is kept for live lookups.
 */
export function rollingSlot(
  slots: readonly number[],
  nowMs: number,
  window: RollingWindow,
  cap = window.points,
): Attempt {
  const since = nowMs - window.durationSeconds * 1000;
  const young = slots.filter((at) => at > since);
  if (young.length < cap) return { taken: true };
  // The slot whose leaving brings the count under the cap.
  const leaving = young[young.length - Math.max(cap, 1)]!;
  return { taken: false, waitMs: Math.max(1, leaving - since) };
}

/**
 * Takes one request's slot in a portal's budget, waiting until there is one. Live lookups
 * (priority 'live', the default) go before background work ('background', a backfill): see
 * portalRateLimiter. A search (`search: true`) also waits for its turn (SEARCH_SPACING_MS).
 */
export interface PortalRateLimiter {
  acquire(portalId: string, call?: Partial<SlotCall>): Promise<void>;
}

interface Waiter {
  search: boolean;
  resolve(): void;
  reject(error: unknown): void;
}

/** One portal's callers waiting in this process, and whether one of them is trying for a slot. */
interface PortalQueue {
  live: Waiter[];
  background: Waiter[];
  pumping: boolean;
  /** Cuts a background wait short when a live caller arrives. */
  wake?: () => void;
}

/**
 * A portal's book: the slots taken (ms, ascending), until when each live caller that had to wait
 * is counted, and when its last search took its slot (0 before any).
 */
export interface PortalBook {
  slots: number[];
  liveWaiting: number[];
  lastSearch: number;
}

/** A call asking for a slot: live or background, and whether it is a search (SEARCH_SPACING_MS). */
export interface SlotCall {
  priority: CallPriority;
  search: boolean;
}

/** How long past its expected retry a waiting live caller still holds back background work. */
const LIVE_MARGIN_MS = 100;

/**
 * Background calls are spread over the window: at most this many in any short window (see
 * BACKGROUND_CATCH_UP). A window full of calls taken in bursts holds a live lookup until a burst
 * leaves it, up to seconds (a live lookup's p99 was 2.6 s during a backfill at the budget's
 * ceiling); one full of spread calls has a slot leaving within a slot's time or two.
 */
export const BACKGROUND_BURST = 2;

/**
 * How much faster than the window's average pace (2 calls in 186 ms) background calls may go for
 * a moment. A job pauses between its calls to do its own work; at exactly the average pace it
 * could never make up a pause, and ran at 89% of the budget (a 100,000-contact backfill on
 * PostgreSQL); a third faster lets it take the slots a pause left, and the rolling window still
 * holds it to 110.
 */
export const BACKGROUND_CATCH_UP = 4 / 3;

/** The short window background calls are spread over (see BACKGROUND_BURST). */
export const backgroundPace = (window: RollingWindow): RollingWindow => ({
  points: BACKGROUND_BURST,
  durationSeconds: (window.durationSeconds * BACKGROUND_BURST) / window.points / BACKGROUND_CATCH_UP,
});

/**
 * One try for a slot at `nowMs`, and the book after it. A search waits for its turn first
 * (SEARCH_SPACING_MS), so that it goes out as soon as it holds a slot. A live call may take any
 * free slot; when it must wait for one, it is counted until just after it will try again. A
 * background call leaves free the window's slots kept for live lookups and as many more as live
 * callers are counted, so a live lookup that found the window full gets the next free slot,
 * whichever process holds the backfill; it takes the rest spread over the window
 * (BACKGROUND_BURST).
 */
export function trySlot(
  book: PortalBook,
  nowMs: number,
  window: RollingWindow,
  { priority, search }: SlotCall,
): { attempt: Attempt; book: PortalBook } {
  const since = nowMs - window.durationSeconds * 1000;
  const slots = book.slots.filter((at) => at > since);
  const liveWaiting = book.liveWaiting.filter((until) => until > nowMs);
  const searchTurn = book.lastSearch + SEARCH_SPACING_MS;
  if (search && nowMs < searchTurn)
    return { attempt: { taken: false, waitMs: searchTurn - nowMs }, book: { ...book, slots, liveWaiting } };
  const kept = (window.keptForLive ?? 0) + liveWaiting.length;
  const cap = priority === 'live' ? window.points : window.points - Math.min(window.points, kept);
  let attempt: Attempt =
    cap > 0
      ? rollingSlot(slots, nowMs, window, cap)
      : { taken: false, waitMs: Math.max(1, Math.min(...liveWaiting) - nowMs) };
  if (attempt.taken && priority === 'background') attempt = rollingSlot(slots, nowMs, backgroundPace(window));
  if (attempt.taken) slots.push(nowMs);
  else if (priority === 'live') liveWaiting.push(nowMs + attempt.waitMs + LIVE_MARGIN_MS);
  const lastSearch = attempt.taken && search ? nowMs : book.lastSearch;
  return { attempt, book: { slots, liveWaiting, lastSearch } };
}

/** Where the portals' books are kept, each try taken alone. */
type Books = (portalId: string, call: SlotCall) => Promise<Attempt>;

function booksInMemory(window: RollingWindow): Books {
  const books = new Map<string, PortalBook>();
  return async (portalId, call) => {
    const { attempt, book } = trySlot(
      books.get(portalId) ?? { slots: [], liveWaiting: [], lastSearch: 0 },
      Date.now(),
      window,
      call,
    );
    books.set(portalId, book);
    return attempt;
  };
}

/** One row per portal (hubspot_call_slots), locked while a try reads and writes it, on the database's clock. */
function booksInPostgres(pool: pg.Pool, window: RollingWindow): Books {
  return async (portalId, call) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{
        slots: string[];
        live_waiting: string[];
        last_search_ms: string;
        now_ms: string;
      }>(
        `INSERT INTO hubspot_call_slots AS b (portal_id) VALUES ($1)
         ON CONFLICT (portal_id) DO UPDATE SET portal_id = b.portal_id
         RETURNING b.slots::text[] AS slots, b.live_waiting::text[] AS live_waiting,
                   b.last_search_ms::text AS last_search_ms,
                   (extract(epoch FROM clock_timestamp()) * 1000)::bigint::text AS now_ms`,
        [portalId],
      );
      const row = rows[0]!;
      const { attempt, book } = trySlot(
        {
          slots: row.slots.map(Number),
          liveWaiting: row.live_waiting.map(Number),
          lastSearch: Number(row.last_search_ms),
        },
        Number(row.now_ms),
        window,
        call,
      );
      await client.query(
        `UPDATE hubspot_call_slots SET slots = $2::bigint[], live_waiting = $3::bigint[], last_search_ms = $4
         WHERE portal_id = $1`,
        [portalId, book.slots, book.liveWaiting, book.lastSearch],
      );
      await client.query('COMMIT');
      return attempt;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
}

/**
 * The budget shared by every process on one PostgreSQL (a row of hubspot_call_slots per portal),
 * or kept in memory on PGlite, where one process is the whole fleet.
 *
 * Live lookups keep priority over background work:
 * - In a process, one caller at a time tries for a portal's slot, a live one whenever any is
 *   waiting, so a live lookup never queues behind this process's background calls.
 * - Across processes, a live caller that has to wait is counted in the portal's book until it
 *   tries again, and background calls leave that many slots free (trySlot).
 */
export function portalRateLimiter(pool?: pg.Pool, window: RollingWindow = PORTAL_WINDOW): PortalRateLimiter {
  const trySlotOf = pool ? booksInPostgres(pool, window) : booksInMemory(window);
  const queues = new Map<string, PortalQueue>();

  async function pump(portalId: string, queue: PortalQueue) {
    queue.pumping = true;
    while (queue.live.length + queue.background.length > 0) {
      const priority = queue.live.length > 0 ? 'live' : 'background';
      const waiters = queue[priority];
      // In order of asking: a search waiting for its turn holds the calls behind it (all searches
      // are a job's, and a job asks for one call at a time).
      const search = waiters[0]!.search;
      let attempt: Attempt;
      try {
        attempt = await trySlotOf(portalId, { priority, search });
      } catch (error) {
        waiters.shift()?.reject(error);
        continue;
      }
      if (attempt.taken) {
        waiters.shift()?.resolve();
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, attempt.waitMs);
        queue.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      queue.wake = undefined;
    }
    queue.pumping = false;
    if (queues.get(portalId) === queue) queues.delete(portalId);
  }

  return {
    async acquire(portalId, { priority = 'live', search = false } = {}) {
      let queue = queues.get(portalId);
      if (!queue) {
        queue = { live: [], background: [], pumping: false };
        queues.set(portalId, queue);
      }
      const waiting = new Promise<void>((resolve, reject) =>
        queue[priority].push({ search, resolve, reject }),
      );
      // A live caller cuts a background wait short: it tries at once, and if the window is full
      // it is counted, so that no process's background call takes the slot it waits for.
      if (priority === 'live') queue.wake?.();
      if (!queue.pumping) void pump(portalId, queue);
      await waiting;
    },
  };
}
