import { sql } from 'kysely';
import {
  CREDIT_RANGES,
  ENGAGEMENT_LEVELS,
  engagementLevel,
  percent,
  type EngagementLevel,
} from '../../domain/admin/rules';
import type { ReadModelDb } from '../schema';
import type { Window } from './window';

/**
 * One account as the panels that aggregate over every user read it: numbers only (times in
 * epoch ms), so ten thousand of them cost little to fetch. Panels that name users query those
 * users alone.
 */
export interface UserActivity {
  credits: number;
  successful: number;
  total: number;
  lookups7d: number;
  lastLookupAt: number | null;
  createdAt: number;
  referralType: string;
  deleted: boolean;
}

export async function userActivity(db: ReadModelDb, w: Window): Promise<UserActivity[]> {
  const { rows } = await sql<{
    credits: number | null;
    successful: number | null;
    failed: number | null;
    lookups_7d: string | null;
    last_at: number | null;
    created_at: number;
    partner: string | null;
    deleted: boolean;
  }>`
    SELECT b.balance AS credits, l.successful, l.failed, d7.n AS lookups_7d,
           (extract(epoch FROM l.last_lookup_at) * 1000)::float8 AS last_at,
           (extract(epoch FROM a.created_at) * 1000)::float8 AS created_at, a.partner, a.deleted
    FROM accounts a
    LEFT JOIN credit_balances b ON b.user_id = a.user_id
    LEFT JOIN admin_user_lookups l ON l.user_id = a.user_id
    LEFT JOIN (SELECT user_id, sum(successful + failed) AS n FROM admin_user_days
               WHERE day >= ${w.firstDay7d} GROUP BY user_id) d7
           ON d7.user_id = a.user_id`.execute(db);
  return rows.map((r) => ({
    credits: r.credits ?? 0,
    successful: r.successful ?? 0,
    total: (r.successful ?? 0) + (r.failed ?? 0),
    lookups7d: Number(r.lookups_7d ?? 0),
    lastLookupAt: r.last_at,
    createdAt: r.created_at,
    referralType: r.partner ?? 'direct',
    deleted: r.deleted,
  }));
}

/** The accounts not deleted: what the user, credit, engagement and referral figures count. */
export const liveUsers = (users: readonly UserActivity[]) => users.filter((u) => !u.deleted);

/**
 * A user is active in the last 24 hours when their latest finished lookup is, which is the same
 * as having any finished lookup in that window. Deleted accounts count in the lookups they made
 * and nowhere else: not as users, active or not, nor in the credits, which show them apart.
 */
export function systemStats(all: readonly UserActivity[], w: Window) {
  const since24h = w.since24h.getTime();
  const now = w.now.getTime();
  const successful = all.reduce((n, u) => n + u.successful, 0);
  const total = all.reduce((n, u) => n + u.total, 0);
  const users = liveUsers(all);
  const deleted = all.filter((u) => u.deleted);
  const credits = users.reduce((n, u) => n + u.credits, 0);
  return {
    totalUsers: users.length,
    newUsers7d: users.filter((u) => u.createdAt > w.since7d.getTime()).length,
    totalLookups: total,
    successRate: percent(successful, total),
    successfulLookups: successful,
    activeUsers24h: users.filter(
      (u) => u.lastLookupAt !== null && u.lastLookupAt > since24h && u.lastLookupAt <= now,
    ).length,
    activeUsers7d: users.filter((u) => u.lookups7d > 0).length,
    totalCreditsRemaining: credits,
    avgCreditsPerUser: users.length > 0 ? Math.round((credits / users.length) * 10) / 10 : 0,
    deletedUsers: deleted.length,
    deletedUsersCredits: deleted.reduce((n, u) => n + u.credits, 0),
  };
}

export function creditDistribution(users: readonly UserActivity[]) {
  return CREDIT_RANGES.map((range) => ({
    credit_range: range.label,
    user_count: users.filter((u) => u.credits >= range.min && u.credits <= range.max).length,
  }));
}

export function userEngagement(users: readonly UserActivity[], now: Date) {
  const groups = new Map<EngagementLevel, { users: number; lookups: number }>(
    ENGAGEMENT_LEVELS.map((level) => [level, { users: 0, lookups: 0 }]),
  );
  for (const u of users) {
    const g = groups.get(
      engagementLevel({ lookups7d: u.lookups7d, lastLookupAt: u.lastLookupAt }, now.getTime()),
    )!;
    g.users++;
    g.lookups += u.total;
  }
  return ENGAGEMENT_LEVELS.map((level) => {
    const g = groups.get(level)!;
    return {
      engagement_level: level,
      user_count: g.users,
      avg_lookups: g.users > 0 ? Math.round((g.lookups / g.users) * 10) / 10 : 0,
    };
  });
}

/** Lookups and sign-ups by referral type: direct or a partner programme's slug. */
export function referralStats(users: readonly UserActivity[]) {
  const byType = new Map<string, { users: number; lookups: number; credits: number }>();
  for (const u of users) {
    const g = byType.get(u.referralType) ?? { users: 0, lookups: 0, credits: 0 };
    g.users++;
    g.lookups += u.total;
    g.credits += u.credits;
    byType.set(u.referralType, g);
  }
  return [...byType.entries()]
    .map(([type, g]) => ({
      referral_type: type,
      user_count: g.users,
      total_lookups: g.lookups,
      avg_lookups: Math.round((g.lookups / g.users) * 10) / 10,
      total_credits: g.credits,
    }))
    .sort((a, b) => b.user_count - a.user_count || a.referral_type.localeCompare(b.referral_type));
}
