import { sql } from 'kysely';
import type { UserOverview } from '../../api/admin/contract';
import type { ReadModelDb } from '../schema';
import { weekTotalSql } from './week-ring';
import { type Window } from './window';

/** One account's figures, as every per-user panel of the dashboard reads them. */
export type UserFigures = Omit<UserOverview, 'lookups24h' | 'successRate'>;

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
  deleted: boolean;
}

/** A user's finished lookups (successful and failed) in the window's 7 days, from their row `of` admin_user_lookups. */
export const lookups7d = (of: string, w: Window) =>
  weekTotalSql(of, 'week_days', 'week_lookups', w.firstDay7d);

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
    lastActivity: r.deleted ? null : iso(r.last_lookup_at),
    createdAt: iso(r.created_at)!,
    referralType: r.partner ?? 'direct',
    deleted: r.deleted,
  };
}

/** The newest sign-ups with their credits and lookups so far. */
export async function recentSignups(db: ReadModelDb, limit = 15) {
  const { rows } = await sql<UserFiguresRow>`
    SELECT a.user_id, a.email, b.balance AS credits, a.credit_threshold, l.successful, l.failed,
           NULL AS lookups_7d, l.last_lookup_at, a.created_at, a.partner, a.deleted
    FROM accounts a
    LEFT JOIN credit_balances b ON b.user_id = a.user_id
    LEFT JOIN admin_user_lookups l ON l.user_id = a.user_id
    ORDER BY a.created_at DESC, a.user_id
    LIMIT ${limit}`.execute(db);
  return rows.map(toUserFigures).map((u) => ({
    email: u.email,
    created_at: u.createdAt,
    referral_type: u.referralType,
    credits: u.credits,
    lookups_since_signup: u.totalLookups,
    last_lookup: u.lastActivity,
    deleted: u.deleted,
  }));
}

/** How many of the users below their threshold the dashboard lists; it counts them all. */
export const CREDIT_ALERTS_LISTED = 50;

/**
 * Users whose balance is below the threshold they set, furthest below first: the first
 * `limit` of them, and how many there are.
 */
export async function creditAlerts(db: ReadModelDb, w: Window, limit = CREDIT_ALERTS_LISTED) {
  const { rows } = await sql<UserFiguresRow & { total: string }>`
    SELECT p.*, ${lookups7d('l', w)} AS lookups_7d
    FROM (
      SELECT a.user_id, a.email, b.balance AS credits, a.credit_threshold, NULL AS successful,
             NULL AS failed, NULL AS last_lookup_at, a.created_at, a.partner, a.deleted,
             count(*) OVER () AS total
      FROM accounts a
      LEFT JOIN credit_balances b ON b.user_id = a.user_id
      WHERE NOT a.deleted AND a.credit_threshold IS NOT NULL
        AND coalesce(b.balance, 0) < a.credit_threshold
      ORDER BY a.credit_threshold - coalesce(b.balance, 0) DESC, a.email
      LIMIT ${limit}
    ) p
    LEFT JOIN admin_user_lookups l ON l.user_id = p.user_id`.execute(db);
  const listed = rows
    .map(toUserFigures)
    .map((u) => ({
      email: u.email,
      credits: u.credits,
      credit_threshold: u.creditThreshold!,
      credits_below_threshold: u.creditThreshold! - u.credits,
      recent_lookups: u.lookups7d,
    }))
    // The database picked the page in its collation; the page is shown in the web's e-mail order.
    .sort((a, b) => b.credits_below_threshold - a.credits_below_threshold || a.email.localeCompare(b.email));
  return { listed, total: rows.length > 0 ? Number(rows[0]!.total) : 0 };
}
