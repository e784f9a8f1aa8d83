import type { UserConfiguration } from '../../api/admin/contract';
import type { configurationCounts } from './user-pages';

type ConfigurationCounts = Awaited<ReturnType<typeof configurationCounts>>;

/** Users with a connected portal, and the connected portals that map any field. */
export function hubspotStats(counts: ConfigurationCounts) {
  return { connected_users: counts.connected, configured_portals: counts.configuredPortals };
}

/**
 * Users with a connected portal by configuration status, those without one, and the first page
 * of the per-user details (the Configuration tab pages through the rest).
 */
export function propertyConfigurationReport(
  counts: ConfigurationCounts,
  firstPage: UserConfiguration[],
  totalUsers: number,
) {
  return {
    users_no_config: counts.none,
    users_contact_only: counts.contact_only,
    users_company_only: counts.company_only,
    users_fully_configured: counts.fully_configured,
    total_users_with_connections: counts.connected,
    users_not_connected: totalUsers - counts.connected,
    user_details: firstPage,
  };
}
