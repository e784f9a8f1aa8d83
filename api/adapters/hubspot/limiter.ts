import type pg from 'pg';
import type { CallPriority } from '../../portals/types';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible';

export interface RateLimit {
  requests: number;
  windowMs: number;
}

/** HubSpot's limit for OAuth apps: 110 requests per rolling 10 seconds per installing portal. */
export const HUBSPOT_RATE_LIMIT: RateLimit = { requests: 110, windowMs: 10_000 };

/**
 * How late a request may reach HubSpot after it took its slot (a token lookup, the search
 * schedule's wait of up to 250 ms, a busy event loop) with the budget still holding.
 */
export const MOST_LATE_MS = 800;

/**
 * The budget as fixed windows, which is what rate-limiter-flexible counts: 2 requests per
 * 200 ms window. Windows do not overlap, so the slots of requests HubSpot receives in any 10 s,
 * each up to MOST_LATE_MS after its slot, fall in at most 55 windows (110 requests). One
 * 110-per-10-s window would allow 220 across a boundary, and 9 per 1 s windows (the budget
 * before) kept a backfill to 90 per 10 s, below 80% of what HubSpot allows once live lookups
 * take their share. The price of short windows is that a burst waits: 10 requests a second,
 * never 9 at once.
 */
export const PORTAL_WINDOW = { points: 2, durationSeconds: 0.2 };

/**
 * Takes one request's slot in a portal's budget, waiting until there is one. Live lookups
 * ('live', the default) go before background work ('background', a backfill): see
 * portalRateLimiter.
 */
export interface PortalRateLimiter {
  acquire(portalId: string, priority?: CallPriority): Promise<void>;
}

interface Waiter {
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

/** Where a try for a slot ended: taken, or how long to wait before the next try. */
type Attempt = { taken: true } | { taken: false; waitMs: number };

/** rate-limiter-flexible rejects with its RateLimiterRes when a window is full, with an Error when the store failed. */
const fullWindow = (rejection: unknown): number => {
  if (rejection instanceof Error) throw rejection;
  return (rejection as RateLimiterRes).msBeforeNext;
};

/**
 * The budget shared by every process on one PostgreSQL (rows of hubspot_rate_budget, one per
 * portal and window), or kept in memory on PGlite, where one process is the whole fleet.
 *
 * Live lookups keep priority over background work:
 * - In a process, one caller at a time tries for a portal's slot, a live one whenever any is
 *   waiting, so a live lookup never queues behind this process's background calls.
 * - Across processes, each live caller that has to wait announces itself in a second counter of
 *   the same store ('hubspot-live', one window long). A background call takes a slot only while the window
 *   keeps as many free as live calls were announced in the last window; otherwise it waits.
 *   So a live lookup arriving when background work has filled the window gets a slot in the
 *   next one, whichever process holds the backfill, and with no live lookup announced a
 *   backfill may take the whole budget.
 */
export function portalRateLimiter(pool?: pg.Pool, window = PORTAL_WINDOW): PortalRateLimiter {
  const store = (keyPrefix: string, points: number): RateLimiterAbstract => {
    const options = { points, duration: window.durationSeconds, keyPrefix };
    return pool
      ? new RateLimiterPostgres({
          ...options,
          storeClient: pool,
          storeType: 'pool',
          tableName: 'hubspot_rate_budget',
          tableCreated: true,
          // Rows are one per portal and reused window after window: nothing piles up to clear.
          clearExpiredByTimeout: false,
        })
      : new RateLimiterMemory(options);
  };
  const budget = store('hubspot', window.points);
  const liveDemand = store('hubspot-live', Number.MAX_SAFE_INTEGER);
  const queues = new Map<string, PortalQueue>();

  const announceLive = (portalId: string) => liveDemand.consume(portalId, 1).then(() => undefined);

  async function tryLive(portalId: string): Promise<Attempt> {
    try {
      await budget.consume(portalId, 1);
      return { taken: true };
    } catch (rejection) {
      const waitMs = fullWindow(rejection);
      // Still waiting: keep the announcement alive for the window the next try falls in.
      await announceLive(portalId);
      return { taken: false, waitMs };
    }
  }

  async function tryBackground(portalId: string): Promise<Attempt> {
    const [used, live] = await Promise.all([budget.get(portalId), liveDemand.get(portalId)]);
    const reserved = Math.min(window.points, live?.consumedPoints ?? 0);
    if ((used?.consumedPoints ?? 0) >= window.points - reserved) {
      const until = [used?.msBeforeNext, reserved > 0 ? live?.msBeforeNext : undefined].filter(
        (ms): ms is number => ms !== undefined && ms > 0,
      );
      return { taken: false, waitMs: Math.max(1, Math.min(...until, window.durationSeconds * 1000)) };
    }
    try {
      await budget.consume(portalId, 1);
      return { taken: true };
    } catch (rejection) {
      return { taken: false, waitMs: fullWindow(rejection) };
    }
  }

  async function pump(portalId: string, queue: PortalQueue) {
    queue.pumping = true;
    while (queue.live.length + queue.background.length > 0) {
      const priority = queue.live.length > 0 ? 'live' : 'background';
      const waiters = queue[priority];
      let attempt: Attempt;
      try {
        attempt = priority === 'live' ? await tryLive(portalId) : await tryBackground(portalId);
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
    async acquire(portalId, priority = 'live') {
      let queue = queues.get(portalId);
      if (!queue) {
        queue = { live: [], background: [], pumping: false };
        queues.set(portalId, queue);
      }
      // A live caller that cannot try at once is waiting: the other processes must know now.
      const waits = priority === 'live' && (queue.live.length > 0 || queue.wake !== undefined);
      const waiting = new Promise<void>((resolve, reject) => queue[priority].push({ resolve, reject }));
      if (waits) await announceLive(portalId);
      if (priority === 'live') queue.wake?.();
      if (!queue.pumping) void pump(portalId, queue);
      await waiting;
    },
  };
}
