import { sql } from 'kysely';
import {
  CREDIT_RANGES,
  ENGAGEMENT_LEVELS,
  engagementLevel,
  percent,
  type EngagementLevel,
} from '../../domain/admin/rules';
import type { ReadModelDb } from '../schema';
import { type Window } from './window';

export interface UserOverview {
  id: string;
  email: string;
  credits: number;
  creditThreshold: number | null;
  totalLookups: number;
  successfulLookups: number;
  lookups24h: number;
  lookups7d: number;
  successRate: number;
  lastActivity: string | null;
  createdAt: string;
  referralType: string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Every account with its balance and lookup figures (the Users tab and several panels). */
export async function userOverview(db: ReadModelDb, w: Window): Promise<UserOverview[]> {
  const { rows } = await sql<{
    user_id: string;
    email: string;
    credits: number | null;
    credit_threshold: number | null;
    successful: number | null;
    failed: number | null;
    lookups_24h: string | null;
    lookups_7d: string | null;
    last_lookup_at: Date | null;
    created_at: Date;
    partner: string | null;
  }>`
    SELECT a.user_id, a.email, b.balance AS credits, a.credit_threshold, l.successful, l.failed,
           d24.n AS lookups_24h, d7.n AS lookups_7d, l.last_lookup_at, a.created_at, a.partner
    FROM accounts a
    LEFT JOIN credit_balances b ON b.user_id = a.user_id
    LEFT JOIN admin_user_lookups l ON l.user_id = a.user_id
    LEFT JOIN (SELECT user_id, count(*) AS n FROM admin_lookups
               WHERE at > ${w.since24h} AND at <= ${w.now} AND outcome <> 'pending' GROUP BY user_id) d24
           ON d24.user_id = a.user_id
    LEFT JOIN (SELECT user_id, sum(successful + failed) AS n FROM admin_user_days
               WHERE day >= ${w.firstDay7d} GROUP BY user_id) d7
           ON d7.user_id = a.user_id
    ORDER BY a.created_at DESC`.execute(db);
  return rows.map((r) => {
    const successful = r.successful ?? 0;
    const total = successful + (r.failed ?? 0);
    return {
      id: r.user_id,
      email: r.email,
      credits: r.credits ?? 0,
      creditThreshold: r.credit_threshold,
      totalLookups: total,
      successfulLookups: successful,
      lookups24h: Number(r.lookups_24h ?? 0),
      lookups7d: Number(r.lookups_7d ?? 0),
      successRate: percent(successful, total),
      lastActivity: iso(r.last_lookup_at),
      createdAt: iso(r.created_at)!,
      referralType: r.partner ?? 'direct',
    };
  });
}

export function creditDistribution(users: readonly UserOverview[]) {
  return CREDIT_RANGES.map((range) => ({
    credit_range: range.label,
    user_count: users.filter((u) => u.credits >= range.min && u.credits <= range.max).length,
  }));
}

export function userEngagement(users: readonly UserOverview[], now: Date) {
  const at = (iso: string | null) => (iso === null ? null : Date.parse(iso));
  const groups = new Map<EngagementLevel, { users: number; lookups: number }>(
    ENGAGEMENT_LEVELS.map((level) => [level, { users: 0, lookups: 0 }]),
  );
  for (const u of users) {
    const g = groups.get(
      engagementLevel({ lookups7d: u.lookups7d, lastLookupAt: at(u.lastActivity) }, now.getTime()),
    )!;
    g.users++;
    g.lookups += u.totalLookups;
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
export function referralStats(users: readonly UserOverview[]) {
  const byType = new Map<string, { users: number; lookups: number; credits: number }>();
  for (const u of users) {
    const g = byType.get(u.referralType) ?? { users: 0, lookups: 0, credits: 0 };
    g.users++;
    g.lookups += u.totalLookups;
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

export function recentSignups(users: readonly UserOverview[], limit = 15) {
  return users.slice(0, limit).map((u) => ({
    email: u.email,
    created_at: u.createdAt,
    referral_type: u.referralType,
    credits: u.credits,
    lookups_since_signup: u.totalLookups,
    last_lookup: u.lastActivity,
  }));
}

export function creditAlerts(users: readonly UserOverview[]) {
  return users
    .filter((u) => u.creditThreshold !== null && u.credits < u.creditThreshold)
    .map((u) => ({
      email: u.email,
      credits: u.credits,
      credit_threshold: u.creditThreshold!,
      credits_below_threshold: u.creditThreshold! - u.credits,
      recent_lookups: u.lookups7d,
    }))
    .sort((a, b) => b.credits_below_threshold - a.credits_below_threshold || a.email.localeCompare(b.email));
}

export function systemStats(users: readonly UserOverview[], w: Window) {
  const successful = users.reduce((n, u) => n + u.successfulLookups, 0);
  const total = users.reduce((n, u) => n + u.totalLookups, 0);
  const credits = users.reduce((n, u) => n + u.credits, 0);
  return {
    totalUsers: users.length,
    newUsers7d: users.filter((u) => new Date(u.createdAt) > w.since7d).length,
    successRate: percent(successful, total),
    successfulLookups: successful,
    activeUsers24h: users.filter((u) => u.lookups24h > 0).length,
    activeUsers7d: users.filter((u) => u.lookups7d > 0).length,
    totalCreditsRemaining: credits,
    avgCreditsPerUser: users.length > 0 ? Math.round((credits / users.length) * 10) / 10 : 0,
  };
}
