import type pg from 'pg';
import type { CallPriority } from '../../portals/types';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterQueue,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export interface RateLimit {
  requests: number;
  windowMs: number;
}

/** HubSpot's limit for OAuth apps: 110 requests per rolling 10 seconds per installing portal. */
export const HUBSPOT_RATE_LIMIT: RateLimit = { requests: 110, windowMs: 10_000 };

/**
 * The budget as fixed windows, which is what rate-limiter-flexible counts: 9 requests per
 * 1-second window. Windows do not overlap and each lasts a second, so the slots taken in any
 * 10 seconds fall in at most 11 windows (99 requests), and HubSpot, which counts arrivals, sees
 * at most 12 windows' worth (108) in any 10 s even when a request arrives up to a second after
 * it took its slot (a token lookup, a busy event loop). One 110-per-10-s window would allow 220
 * across a boundary. The price is a sustained 90 per 10 s instead of 110.
 */
export const PORTAL_WINDOW = { points: 9, durationSeconds: 1 };

/** Takes one request's slot in a portal's budget, waiting in arrival order until there is one. */
export interface PortalRateLimiter {
  acquire(portalId: string, priority?: CallPriority): Promise<void>;
}

/**
 * The budget shared by every process on one PostgreSQL (rows of hubspot_rate_budget, one per
 * portal and window), or kept in memory on PGlite, where one process is the whole fleet.
 * rate-limiter-flexible's queue waits out a full window per portal and retries in order.
 */
export function portalRateLimiter(pool?: pg.Pool, window = PORTAL_WINDOW): PortalRateLimiter {
  const options = { points: window.points, duration: window.durationSeconds, keyPrefix: 'hubspot' };
  const limiter: RateLimiterAbstract = pool
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
  const queue = new RateLimiterQueue(limiter);
  return {
    async acquire(portalId) {
      await queue.removeTokens(1, portalId);
    },
  };
}
