import { sql } from 'kysely';
import {
  ACTIVE_WITHIN_MS,
  CREDIT_RANGES,
  ENGAGEMENT_LEVELS,
  HIGHLY_ACTIVE_LOOKUPS_7D,
  RECENT_WITHIN_MS,
  creditRange,
  levelOf,
  percent,
  type EngagementFacts,
  type EngagementLevel,
} from '../../domain/admin/rules';
import type { ReadModelDb } from '../schema';
import { lookups7d } from './dashboard-users';
import type { Window } from './window';

/** Accounts counted per kind of account and balance. */
interface AccountGroup {
  deleted: boolean;
  referralType: string;
  credits: number;
  users: number;
  /** Of them, signed up in the last 7 days. */
  new7d: number;
}

/** Finished lookups per kind of account. */
interface LookupGroup {
  deleted: boolean;
  referralType: string;
  successful: number;
  total: number;
  /** Accounts whose last lookup finished in the last 24 hours. */
  active24h: number;
}

/** The live accounts that looked something up, counted per combination of engagement facts. */
interface EngagementGroup {
  facts: EngagementFacts;
  users: number;
  lookups: number;
}

/**
 * Every account, as the panels that aggregate over all of them read it: counted in the database
 * per group, so the answer stays a few hundred rows however many accounts there are. A group may
 * come more than once (a kind of account, once per combination of engagement facts): every figure
 * adds them up.
 */
export interface UserActivity {
  accounts: AccountGroup[];
  lookups: LookupGroup[];
  engagement: EngagementGroup[];
}

/** The accounts that looked something up, counted per kind of account and engagement facts. */
interface LookedUpGroup {
  deleted: boolean;
  partner: string | null;
  highly: boolean;
  looked: boolean;
  within_active: boolean;
  within_recent: boolean;
  users: string;
  successful: string;
  total: string;
  active_24h: string;
}

export async function userActivity(db: ReadModelDb, w: Window): Promise<UserActivity> {
  const now = w.now.getTime();
  // Two passes over every account's admin row, joining nothing: their credits, and the figures
  // of those who looked something up, read once for the lookup and engagement figures alike.
  const [accounts, lookedUp] = await Promise.all([
    sql<{ deleted: boolean; partner: string | null; credits: number; users: string; new_7d: string }>`
      SELECT deleted, partner, balance AS credits, count(*) AS users,
             count(*) FILTER (WHERE registered_at > ${w.since7d}) AS new_7d
      FROM admin_user_lookups WHERE registered_at IS NOT NULL
      GROUP BY 1, 2, 3`.execute(db),
    // The facts as engagementFacts reads them from one user's figures.
    sql<LookedUpGroup>`
      SELECT deleted, partner, n >= ${HIGHLY_ACTIVE_LOOKUPS_7D} AS highly, n > 0 AS looked,
             last_lookup_at > ${new Date(now - ACTIVE_WITHIN_MS)} AS within_active,
             last_lookup_at > ${new Date(now - RECENT_WITHIN_MS)} AS within_recent,
             count(*) AS users, sum(successful) AS successful, sum(successful + failed) AS total,
             count(*) FILTER (WHERE last_lookup_at > ${w.since24h} AND last_lookup_at <= ${w.now}) AS active_24h
      FROM (SELECT *, ${lookups7d('admin_user_lookups', w)} AS n FROM admin_user_lookups
            WHERE registered_at IS NOT NULL AND last_lookup_at IS NOT NULL) l
      GROUP BY 1, 2, 3, 4, 5, 6`.execute(db),
  ]);
  const lookups = lookedUp.rows.map((r): LookupGroup => ({
    deleted: r.deleted,
    referralType: r.partner ?? 'direct',
    successful: Number(r.successful),
    total: Number(r.total),
    active24h: Number(r.active_24h),
  }));
  const engagement = lookedUp.rows
    .filter((r) => !r.deleted)
    .map((r): EngagementGroup => ({
      facts: {
        everLookedUp: true,
        highlyActive7d: r.highly,
        lookedUp7d: r.looked,
        lastWithinActive: r.within_active,
        lastWithinRecent: r.within_recent,
      },
      users: Number(r.users),
      lookups: Number(r.total),
    }));
  return {
    accounts: accounts.rows.map((r) => ({
      deleted: r.deleted,
      referralType: r.partner ?? 'direct',
      credits: r.credits,
      users: Number(r.users),
      new7d: Number(r.new_7d),
    })),
    lookups,
    engagement,
  };
}

const sum = <T>(items: readonly T[], of: (item: T) => number) => items.reduce((n, item) => n + of(item), 0);

/** The groups of accounts not deleted: what the user, credit, engagement and referral figures count. */
const live = <G extends { deleted: boolean }>(groups: readonly G[]) => groups.filter((g) => !g.deleted);

/** Accounts not deleted. */
const liveAccounts = (a: UserActivity) => sum(live(a.accounts), (g) => g.users);

/** Accounts, deleted ones included: the configuration report's "not connected" counts them. */
export const allAccounts = (a: UserActivity) => sum(a.accounts, (g) => g.users);

/**
 * A user is active in the last 24 hours when their latest finished lookup is, which is the same
 * as having any finished lookup in that window. Deleted accounts count in the lookups they made
 * and nowhere else: not as users, active or not, nor in the credits, which show them apart.
 */
export function systemStats(a: UserActivity) {
  const deleted = a.accounts.filter((g) => g.deleted);
  const users = liveAccounts(a);
  const credits = sum(live(a.accounts), (g) => g.credits * g.users);
  const successful = sum(a.lookups, (g) => g.successful);
  const total = sum(a.lookups, (g) => g.total);
  return {
    totalUsers: users,
    newUsers7d: sum(live(a.accounts), (g) => g.new7d),
    totalLookups: total,
    successRate: percent(successful, total),
    successfulLookups: successful,
    activeUsers24h: sum(live(a.lookups), (g) => g.active24h),
    activeUsers7d: sum(
      a.engagement.filter((g) => g.facts.lookedUp7d),
      (g) => g.users,
    ),
    totalCreditsRemaining: credits,
    avgCreditsPerUser: users > 0 ? Math.round((credits / users) * 10) / 10 : 0,
    deletedUsers: sum(deleted, (g) => g.users),
    deletedUsersCredits: sum(deleted, (g) => g.credits * g.users),
  };
}

export function creditDistribution(a: UserActivity) {
  const byRange = new Map<string, number>();
  for (const g of live(a.accounts)) {
    const range = creditRange(g.credits);
    byRange.set(range, (byRange.get(range) ?? 0) + g.users);
  }
  return CREDIT_RANGES.map((range) => ({
    credit_range: range.label,
    user_count: byRange.get(range.label) ?? 0,
  }));
}

/** The live accounts that never looked anything up are those the engagement groups leave out. */
export function userEngagement(a: UserActivity) {
  const groups = new Map<EngagementLevel, { users: number; lookups: number }>(
    ENGAGEMENT_LEVELS.map((level) => [level, { users: 0, lookups: 0 }]),
  );
  for (const e of a.engagement) {
    const g = groups.get(levelOf(e.facts))!;
    g.users += e.users;
    g.lookups += e.lookups;
  }
  groups.get('Never Used')!.users += liveAccounts(a) - sum(a.engagement, (e) => e.users);
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
export function referralStats(a: UserActivity) {
  const byType = new Map<string, { users: number; lookups: number; credits: number }>();
  const of = (type: string) =>
    byType.get(type) ?? byType.set(type, { users: 0, lookups: 0, credits: 0 }).get(type)!;
  for (const g of live(a.accounts)) {
    const t = of(g.referralType);
    t.users += g.users;
    t.credits += g.credits * g.users;
  }
  for (const g of live(a.lookups)) of(g.referralType).lookups += g.total;
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
