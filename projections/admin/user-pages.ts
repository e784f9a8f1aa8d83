import { sql, type RawBuilder } from 'kysely';
import { configStatus, percent, type UserSortField } from '../../domain/admin/rules';
import type { ReadModelDb } from '../schema';
import type { PageQuery, UserConfiguration, UserOverview, UsersQuery } from '../../api/admin/contract';
import { lookups7d, toUserFigures, type UserFiguresRow } from './dashboard-users';
import type { Window } from './window';

/** Matches `position`, not LIKE, so an e-mail's `_` or `%` needs no escaping. */
const emailContains = (search: string | undefined): RawBuilder<unknown> =>
  search ? sql`position(lower(${search}) in lower(a.email)) > 0` : sql`TRUE`;

/**
 * The order of each sort field. Success rate sorts by the rounded percent the table shows, and a
 * user who never looked anything up has no last activity: the oldest, so last when newest first.
 */
function orderBy(sort: UserSortField, direction: 'asc' | 'desc'): RawBuilder<unknown> {
  const dir = direction === 'asc' ? sql`ASC` : sql`DESC`;
  const total = sql`(coalesce(l.successful, 0) + coalesce(l.failed, 0))`;
  const key: Record<UserSortField, RawBuilder<unknown>> = {
    createdAt: sql`a.created_at ${dir}`,
    credits: sql`coalesce(b.balance, 0) ${dir}`,
    totalLookups: sql`${total} ${dir}`,
    successRate: sql`CASE WHEN ${total} > 0 THEN round(coalesce(l.successful, 0) * 1000.0 / ${total}) ELSE 0 END ${dir}`,
    lastActivity:
      direction === 'asc' ? sql`l.last_lookup_at ASC NULLS FIRST` : sql`l.last_lookup_at DESC NULLS LAST`,
  };
  // Ties keep the table's default order, and then one fixed order, so pages never overlap.
  return sql`${key[sort]}, a.created_at DESC, a.user_id`;
}

/**
 * One page of the Users table, searched and sorted in the database, with the number that match.
 * In the default order it walks accounts newest first and stops at the page's end.
 */
export async function usersPage(
  db: ReadModelDb,
  w: Window,
  q: UsersQuery,
): Promise<{ users: UserOverview[]; total: number }> {
  const [{ rows }, total] = await Promise.all([
    // The per-user counts sit beside ORDER BY and LIMIT, so they are taken for the page's rows only.
    sql<UserFiguresRow & { lookups_24h: string }>`
    SELECT a.user_id, a.email, b.balance AS credits, a.credit_threshold, l.successful, l.failed,
      l.last_lookup_at, a.created_at, a.partner, a.deleted,
      (SELECT count(*) FROM admin_lookups x WHERE x.user_id = a.user_id AND x.at > ${w.since24h}
         AND x.at <= ${w.now} AND x.outcome <> 'pending') AS lookups_24h,
      ${lookups7d('l', w)} AS lookups_7d
    FROM accounts a
    LEFT JOIN credit_balances b ON b.user_id = a.user_id
    LEFT JOIN admin_user_lookups l ON l.user_id = a.user_id
    WHERE ${emailContains(q.search)}
    ORDER BY ${orderBy(q.sort, q.direction)}
    LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db),
    countUsers(db, q.search),
  ]);
  return {
    total,
    users: rows.map((r) => {
      const figures = toUserFigures(r);
      return {
        ...figures,
        lookups24h: Number(r.lookups_24h),
        successRate: percent(figures.successfulLookups, figures.totalLookups),
      };
    }),
  };
}

/** How many users the search matches. */
async function countUsers(db: ReadModelDb, search: string | undefined): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM accounts a WHERE ${emailContains(search)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * One page of the users with a connected portal, newest first: whether any of their portals maps
 * contact fields, company fields, both or neither, and how many users match.
 */
export async function configurationPage(
  db: ReadModelDb,
  q: PageQuery,
): Promise<{ user_details: UserConfiguration[]; total: number }> {
  const [user_details, total] = await Promise.all([configurationRows(db, q), countConnected(db, q.search)]);
  return { user_details, total };
}

/** The page's rows alone: accounts newest first, each with its connected portals, until the page is full. */
export async function configurationRows(db: ReadModelDb, q: PageQuery): Promise<UserConfiguration[]> {
  const { rows } = await sql<{
    email: string;
    has_contact: boolean;
    has_company: boolean;
    portals: string;
    created_at: Date;
  }>`
    SELECT a.email, c.has_contact, c.has_company, c.portals, a.created_at
    FROM accounts a
    CROSS JOIN LATERAL (
      SELECT bool_or(p.contact_configured) AS has_contact, bool_or(p.company_configured) AS has_company,
             count(*) AS portals
      FROM admin_portals p WHERE p.user_id = a.user_id AND p.connected
    ) c
    WHERE c.portals > 0 AND ${emailContains(q.search)}
    ORDER BY a.created_at DESC, a.user_id
    LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
  return rows.map((r) => ({
    email: r.email,
    has_contact_config: r.has_contact,
    has_company_config: r.has_company,
    config_status: configStatus(r.has_contact, r.has_company),
    connected_portals: Number(r.portals),
    created_at: new Date(r.created_at).toISOString(),
  }));
}

async function countConnected(db: ReadModelDb, search: string | undefined): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(DISTINCT a.user_id) AS n FROM admin_portals p JOIN accounts a ON a.user_id = p.user_id
    WHERE p.connected AND ${emailContains(search)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Users with a connected portal, counted per configuration status, and the connected portals
 * that map contact or company fields: one pass over the portals for the whole Configuration
 * report and the HubSpot figures.
 */
export async function configurationCounts(db: ReadModelDb) {
  const { rows } = await sql<{
    has_contact: boolean;
    has_company: boolean;
    users: string;
    configured_portals: string;
  }>`
    SELECT has_contact, has_company, count(*) AS users, sum(configured) AS configured_portals FROM (
      SELECT bool_or(contact_configured) AS has_contact, bool_or(company_configured) AS has_company,
             count(*) FILTER (WHERE contact_configured OR company_configured) AS configured
      FROM admin_portals WHERE connected GROUP BY user_id
    ) per_user GROUP BY has_contact, has_company`.execute(db);
  const byStatus = { none: 0, contact_only: 0, company_only: 0, fully_configured: 0 };
  for (const r of rows) byStatus[configStatus(r.has_contact, r.has_company)] += Number(r.users);
  return {
    ...byStatus,
    connected: rows.reduce((n, r) => n + Number(r.users), 0),
    configuredPortals: rows.reduce((n, r) => n + Number(r.configured_portals), 0),
  };
}
