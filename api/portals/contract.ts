/*
 * The HubSpot connection answers as they travel: the server builds them to these types and the web
 * app reads them by the same ones. A portal's mapping and its property options are the domain's
 * PortalMapping and PropertyOption.
 */

/** GET /api/auth/hubspot-install-url */
export interface InstallUrlAnswer {
  installUrl: string;
}

/** A connected HubSpot portal as the API lists it. */
export interface HubSpotConnection {
  id: string;
  portal_id: string;
  created_at: string;
}

/** GET /api/auth/hubspot-connections */
export interface ConnectionsAnswer {
  connections: HubSpotConnection[];
}
