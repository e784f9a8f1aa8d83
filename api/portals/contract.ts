/*
 * The HubSpot connection answers as they travel: the server builds them to these types and the web
 * app reads them by the same ones. A portal's mapping and its property options are the domain's
 * PortalMapping and PropertyOption.
 */

/** GET /api/auth/hubspot-install-url */
export interface InstallUrlAnswer {
  installUrl: string;
}

/**
 * Whether HubSpot grants ZipFill access to a connected portal: `access_revoked` when it refused
 * the refresh token (the app was uninstalled or access revoked in HubSpot); lookups fail as
 * crm_auth_failed, uncharged, until the owner reconnects it (the mapping is kept).
 */
export type HubSpotConnectionState = 'connected' | 'access_revoked';

/** A connected HubSpot portal as the API lists it. */
export interface HubSpotConnection {
  id: string;
  portal_id: string;
  created_at: string;
  state: HubSpotConnectionState;
  /** When HubSpot revoked access; null while connected. */
  access_revoked_at: string | null;
}

/** GET /api/auth/hubspot-connections */
export interface ConnectionsAnswer {
  connections: HubSpotConnection[];
}
