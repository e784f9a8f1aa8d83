import { sql } from 'kysely';
import { percent } from '../../domain/admin/rules';
import type { LookupOutcome, LookupSource } from '../../domain/lookups/events';
import type { ReadModelDb } from '../schema';
import type { Window } from './window';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The live feed: the latest finished lookups with who, what and the balance after. */
export async function recentActivity(db: ReadModelDb, w: Window, limit = 50) {
  const { rows } = await sql<{
    lookup_id: string;
    email: string | null;
    outcome: string;
    zip: string;
    source: LookupSource;
    at: Date;
    reason: string | null;
    credits_after: number;
  }>`
    SELECT l.lookup_id, a.email, l.outcome, l.zip, l.source, l.at, l.reason, l.credits_after
    FROM admin_lookups l LEFT JOIN accounts a ON a.user_id = l.user_id
    WHERE l.outcome <> 'pending' AND l.at <= ${w.now}
    ORDER BY l.at DESC, l.lookup_id LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({
    id: r.lookup_id,
    email: r.email ?? '',
    successful: r.outcome === 'success',
    outcome: (r.outcome === 'success' ? 'filled' : r.outcome) as LookupOutcome,
    zipcode: r.zip,
    source: r.source,
    timestamp: iso(r.at)!,
    reason: r.reason,
    userCredits: r.credits_after,
  }));
}

/**
 * Failures per reason with the users they hit, in the last 24 hours and 7 days. The 24 hours
 * are exact: the counters of the whole hours inside the window, and the failures themselves in
 * the parts of an hour at its two ends.
 */
export async function failureAnalysis(db: ReadModelDb, w: Window) {
  const { from, to } = w.wholeHours24h;
  const { rows } = await sql<{
    reason: string;
    count: string;
    affected_users: number;
    count_24h: string | null;
    edges_24h: string | null;
    count_7d: string | null;
  }>`
    SELECT t.reason, t.count, u.users AS affected_users, h.n AS count_24h, e.n AS edges_24h, s.n AS count_7d
    FROM (SELECT reason, sum(failures) AS count FROM admin_failure_days GROUP BY reason) t
    JOIN admin_failure_reasons u ON u.reason = t.reason
    LEFT JOIN (SELECT reason, sum(failures) AS n FROM admin_failure_hours
               WHERE hour_start >= ${from} AND hour_start < ${to} GROUP BY reason) h
      ON h.reason = t.reason
    LEFT JOIN (SELECT reason, count(*) AS n FROM admin_lookups
               WHERE outcome = 'failed'
                 AND ((at > ${w.since24h} AND at < ${from}) OR (at >= ${to} AND at <= ${w.now}))
               GROUP BY reason) e
      ON e.reason = t.reason
    LEFT JOIN (SELECT reason, sum(failures) AS n FROM admin_failure_days
               WHERE day >= ${w.firstDay7d} GROUP BY reason) s
      ON s.reason = t.reason
    ORDER BY t.count DESC, t.reason`.execute(db);
  return rows.map((r) => ({
    reason: r.reason,
    count: Number(r.count),
    affected_users: Number(r.affected_users),
    count_24h: Number(r.count_24h ?? 0) + Number(r.edges_24h ?? 0),
    count_7d: Number(r.count_7d ?? 0),
  }));
}

export async function topPerformers(db: ReadModelDb, w: Window, limit = 10) {
  const { rows } = await sql<{
    email: string;
    successful: number;
    successful_7d: string | null;
    credits: number | null;
  }>`
    SELECT a.email, l.successful, b.balance AS credits,
           (SELECT sum(d.successful) FROM admin_user_days d
            WHERE d.user_id = l.user_id AND d.day >= ${w.firstDay7d}) AS successful_7d
    FROM (SELECT * FROM admin_user_lookups WHERE successful > 0
          ORDER BY successful DESC, user_id LIMIT ${limit}) l
    JOIN accounts a ON a.user_id = l.user_id
    LEFT JOIN credit_balances b ON b.user_id = l.user_id
    ORDER BY l.successful DESC, a.email`.execute(db);
  return rows.map((r) => ({
    email: r.email,
    successful_all_time: r.successful,
    successful_7d: Number(r.successful_7d ?? 0),
    credits: r.credits ?? 0,
  }));
}

/** Successful and failed lookups per UTC day for the last 30 days, oldest first, empty days as 0. */
export async function chartData(db: ReadModelDb, w: Window) {
  const { rows } = await sql<{ day: string; successful: string; failed: string }>`
    SELECT day, sum(successful) AS successful, sum(failed) AS failed FROM admin_day_hours
    WHERE day >= ${w.days30[0]!} AND day <= ${w.days30[29]!} GROUP BY day`.execute(db);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return w.days30.map((date) => ({
    date,
    successful_count: Number(byDay.get(date)?.successful ?? 0),
    failed_count: Number(byDay.get(date)?.failed ?? 0),
  }));
}

/** Lookups by hour of day (UTC) over the last 7 days, busiest hour first. */
export async function timeBasedAnalytics(db: ReadModelDb, w: Window) {
  const { rows } = await sql<{ hour: number; successful: string; failed: string; unchanged: string }>`
    SELECT hour, sum(successful) AS successful, sum(failed) AS failed, sum(nothing_to_update) AS unchanged
    FROM admin_day_hours WHERE day >= ${w.firstDay7d} GROUP BY hour`.execute(db);
  return rows
    .map((r) => {
      const successful = Number(r.successful);
      const failed = Number(r.failed);
      return {
        hour: r.hour,
        total_lookups: successful + failed + Number(r.unchanged),
        successful_lookups: successful,
        // Of the lookups that filled or failed: nothing to update is neither.
        success_rate: percent(successful, successful + failed),
      };
    })
    .filter((r) => r.total_lookups > 0)
    .sort((a, b) => b.total_lookups - a.total_lookups || a.hour - b.hour);
}

/**
 * Per day with lookups, newest first: who used the service and how many credits it took. The
 * day's totals come from the hourly counters, which count the same lookups as the per-day users.
 */
export async function creditConsumptionTrends(db: ReadModelDb, w: Window, limit = 7) {
  const { rows } = await sql<{ day: string; users: number; successful: string; failed: string }>`
    SELECT t.day, t.successful, t.failed, d.users
    FROM (SELECT day, sum(successful) AS successful, sum(failed) AS failed FROM admin_day_hours
          WHERE day <= ${w.days30[29]!} GROUP BY day ORDER BY day DESC LIMIT ${limit}) t
    JOIN admin_days d ON d.day = t.day
    ORDER BY t.day DESC`.execute(db);
  return rows.map((r) => {
    const users = Number(r.users);
    const consumed = Number(r.successful);
    return {
      date: r.day,
      active_users: users,
      credits_consumed: consumed,
      avg_credits_per_user: users > 0 ? Math.round((consumed / users) * 10) / 10 : 0,
      success_rate: percent(consumed, consumed + Number(r.failed)),
    };
  });
}

export async function portalAnalytics(db: ReadModelDb, limit = 10) {
  const { rows } = await sql<{
    portal_id: string;
    total: number;
    successful: number;
    last_activity: Date;
    unique_users: string;
  }>`
    SELECT p.portal_id, p.total, p.successful, p.last_activity,
           (SELECT count(*) FROM admin_portal_users u WHERE u.portal_id = p.portal_id) AS unique_users
    FROM admin_portal_lookups p ORDER BY p.total DESC, p.portal_id LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({
    portal_id: r.portal_id,
    unique_users: Number(r.unique_users),
    total_lookups: r.total,
    success_rate: percent(r.successful, r.total),
    last_activity: iso(r.last_activity)!,
  }));
}
