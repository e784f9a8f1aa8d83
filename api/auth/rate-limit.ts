import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { OperationalDb } from '../db/operational';
import { tooManyRequests } from '../http/errors';
import type { Clock } from './sessions';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/** Limits per action, per address (or token) and per client IP. */
export interface RateLimitPolicy {
  loginFailuresPerAddress: Limit;
  loginFailuresPerIp: Limit;
  registerPerAddress: Limit;
  registerPerIp: Limit;
  forgotPerAddress: Limit;
  forgotPerIp: Limit;
  resetPerToken: Limit;
  resetPerIp: Limit;
  supportPerAddress: Limit;
  supportPerIp: Limit;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_RATE_LIMITS: RateLimitPolicy = {
  loginFailuresPerAddress: { max: 10, windowMs: 15 * MINUTE },
  loginFailuresPerIp: { max: 100, windowMs: 24 * HOUR },
  registerPerAddress: { max: 5, windowMs: HOUR },
  registerPerIp: { max: 20, windowMs: HOUR },
  forgotPerAddress: { max: 3, windowMs: HOUR },
  forgotPerIp: { max: 20, windowMs: HOUR },
  resetPerToken: { max: 5, windowMs: HOUR },
  resetPerIp: { max: 20, windowMs: HOUR },
  supportPerAddress: { max: 3, windowMs: HOUR },
  supportPerIp: { max: 10, windowMs: HOUR },
};

/** Addresses and tokens are counted under a digest, so the table holds no personal data. */
const keyOf = (action: string, subject: string) =>
  `${action}:${createHash('sha256').update(subject.toLowerCase(), 'utf8').digest('hex')}`;

/**
 * Fixed-window counters in the database, shared by every process behind the load balancer.
 * Each hit is one atomic upsert, so concurrent attempts cannot slip past the limit.
 */
export class RateLimiter {
  constructor(
    private readonly db: OperationalDb,
    private readonly now: Clock,
  ) {}

  /** Counts one attempt; throws 429 with Retry-After when this attempt is over the limit. */
  async hit(action: string, subject: string, limit: Limit): Promise<void> {
    const now = this.now();
    const ends = new Date(now.getTime() + limit.windowMs);
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key: keyOf(action, subject), hits: 1, window_ends_at: ends })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`CASE WHEN rate_limits.window_ends_at <= ${now}::timestamptz THEN 1 ELSE rate_limits.hits + 1 END`,
          window_ends_at: sql<Date>`CASE WHEN rate_limits.window_ends_at <= ${now}::timestamptz THEN ${ends}::timestamptz ELSE rate_limits.window_ends_at END`,
        }),
      )
      .returning(['hits', 'window_ends_at'])
      .executeTakeFirstOrThrow();
    if (row.hits > limit.max) throw this.refusal(now, row.window_ends_at);
  }

  /** Throws 429 when the subject is already over the limit, without counting this attempt. */
  async check(action: string, subject: string, limit: Limit): Promise<void> {
    const now = this.now();
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['hits', 'window_ends_at'])
      .where('key', '=', keyOf(action, subject))
      .executeTakeFirst();
    if (row && row.hits >= limit.max && new Date(row.window_ends_at) > now)
      throw this.refusal(now, row.window_ends_at);
  }

  async reset(action: string, subject: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', keyOf(action, subject)).execute();
  }

  private refusal(now: Date, windowEndsAt: Date | string) {
    return tooManyRequests((new Date(windowEndsAt).getTime() - now.getTime()) / 1000);
  }
}
