import { sql } from 'kysely';
import type { ReadModelDb } from '../schema';
import type { configurationCounts, configurationPage } from './user-pages';

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
 * Users with a connected portal by configuration status, those without one, and the first page
 * of the per-user details (the Configuration tab pages through the rest).
 */
export function propertyConfigurationReport(
  counts: Awaited<ReturnType<typeof configurationCounts>>,
  firstPage: Awaited<ReturnType<typeof configurationPage>>,
  totalUsers: number,
) {
  return {
    users_no_config: counts.none,
    users_contact_only: counts.contact_only,
    users_company_only: counts.company_only,
    users_fully_configured: counts.fully_configured,
    total_users_with_connections: counts.connected,
    users_not_connected: totalUsers - counts.connected,
    user_details: firstPage.user_details,
  };
}
