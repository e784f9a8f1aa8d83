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

/** One account's figures, as every per-user panel of the dashboard reads them. */
export interface UserFigures {
  id: string;
  email: string;
  credits: number;
  creditThreshold: number | null;
  totalLookups: number;
  successfulLookups: number;
  lookups7d: number;
  lastActivity: string | null;
  createdAt: string;
  referralType: string;
}

/** A row of the Users table: the figures plus the last 24 hours and the success rate. */
export interface UserOverview extends UserFigures {
  lookups24h: number;
  successRate: number;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** An account's row as the user queries read it. */
export interface UserFiguresRow {
  user_id: string;
  email: string;
  credits: number | null;
  credit_threshold: number | null;
  successful: number | null;
  failed: number | null;
  lookups_7d: string | null;
  last_lookup_at: Date | null;
  created_at: Date;
  partner: string | null;
}

export function toUserFigures(r: UserFiguresRow): UserFigures {
  const successful = r.successful ?? 0;
  return {
    id: r.user_id,
    email: r.email,
    credits: r.credits ?? 0,
    creditThreshold: r.credit_threshold,
    totalLookups: successful + (r.failed ?? 0),
    successfulLookups: successful,
    lookups7d: Number(r.lookups_7d ?? 0),
    lastActivity: iso(r.last_lookup_at),
    createdAt: iso(r.created_at)!,
    referralType: r.partner ?? 'direct',
  };
}

/**
 * Every account's figures, newest first, for the panels that aggregate over all users. Lean on
 * purpose: the Users table reads its rows a page at a time (user-pages.ts).
 */
export async function userFigures(db: ReadModelDb, w: Window): Promise<UserFigures[]> {
  const { rows } = await sql<UserFiguresRow>`
    SELECT a.user_id, a.email, b.balance AS credits, a.credit_threshold, l.successful, l.failed,
           d7.n AS lookups_7d, l.last_lookup_at, a.created_at, a.partner
    FROM accounts a
    LEFT JOIN credit_balances b ON b.user_id = a.user_id
    LEFT JOIN admin_user_lookups l ON l.user_id = a.user_id
    LEFT JOIN (SELECT user_id, sum(successful + failed) AS n FROM admin_user_days
               WHERE day >= ${w.firstDay7d} GROUP BY user_id) d7
           ON d7.user_id = a.user_id
    ORDER BY a.created_at DESC`.execute(db);
  return rows.map(toUserFigures);
}

/** Users with a finished lookup in the last 24 hours. */
export async function activeUsers24h(db: ReadModelDb, w: Window): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(DISTINCT user_id) AS n FROM admin_lookups
    WHERE at > ${w.since24h} AND at <= ${w.now} AND outcome <> 'pending'`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export function creditDistribution(users: readonly UserFigures[]) {
  return CREDIT_RANGES.map((range) => ({
    credit_range: range.label,
    user_count: users.filter((u) => u.credits >= range.min && u.credits <= range.max).length,
  }));
}

export function userEngagement(users: readonly UserFigures[], now: Date) {
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
export function referralStats(users: readonly UserFigures[]) {
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

export function recentSignups(users: readonly UserFigures[], limit = 15) {
  return users.slice(0, limit).map((u) => ({
    email: u.email,
    created_at: u.createdAt,
    referral_type: u.referralType,
    credits: u.credits,
    lookups_since_signup: u.totalLookups,
    last_lookup: u.lastActivity,
  }));
}

export function creditAlerts(users: readonly UserFigures[]) {
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

export function systemStats(users: readonly UserFigures[], active24h: number, w: Window) {
  const successful = users.reduce((n, u) => n + u.successfulLookups, 0);
  const total = users.reduce((n, u) => n + u.totalLookups, 0);
  const credits = users.reduce((n, u) => n + u.credits, 0);
  return {
    totalUsers: users.length,
    newUsers7d: users.filter((u) => new Date(u.createdAt) > w.since7d).length,
    successRate: percent(successful, total),
    successfulLookups: successful,
    activeUsers24h: active24h,
    activeUsers7d: users.filter((u) => u.lookups7d > 0).length,
    totalCreditsRemaining: credits,
    avgCreditsPerUser: users.length > 0 ? Math.round((credits / users.length) * 10) / 10 : 0,
  };
}
