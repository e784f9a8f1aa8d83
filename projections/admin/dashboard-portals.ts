import { sql } from 'kysely';
import { configStatus } from '../../domain/admin/rules';
import type { ReadModelDb } from '../schema';

export async function hubspotStats(db: ReadModelDb) {
  const { rows } = await sql<{ connected_users: string; configured_portals: string }>`
    SELECT count(DISTINCT user_id) AS connected_users,
           count(*) FILTER (WHERE contact_configured OR company_configured) AS configured_portals
    FROM admin_portals WHERE connected`.execute(db);
  return {
    connected_users: Number(rows[0]?.connected_users ?? 0),
    configured_portals: Number(rows[0]?.configured_portals ?? 0),
  };
}

/**
 * Per user with at least one connected portal: whether any of their portals maps contact
 * fields, company fields, both or neither; and how many users have no connection at all.
 */
export async function propertyConfigurationReport(db: ReadModelDb, totalUsers: number) {
  const { rows } = await sql<{
    email: string;
    has_contact: boolean;
    has_company: boolean;
    portals: string;
    created_at: Date;
  }>`
    SELECT a.email, bool_or(p.contact_configured) AS has_contact, bool_or(p.company_configured) AS has_company,
           count(*) AS portals, a.created_at
    FROM admin_portals p JOIN accounts a ON a.user_id = p.user_id
    WHERE p.connected GROUP BY a.user_id, a.email, a.created_at ORDER BY a.created_at DESC`.execute(db);
  const details = rows.map((r) => ({
    email: r.email,
    has_contact_config: r.has_contact,
    has_company_config: r.has_company,
    config_status: configStatus(r.has_contact, r.has_company),
    connected_portals: Number(r.portals),
    created_at: new Date(r.created_at).toISOString(),
  }));
  const count = (status: string) => details.filter((d) => d.config_status === status).length;
  return {
    users_no_config: count('none'),
    users_contact_only: count('contact_only'),
    users_company_only: count('company_only'),
    users_fully_configured: count('fully_configured'),
    total_users_with_connections: details.length,
    users_not_connected: totalUsers - details.length,
    user_details: details,
  };
}
