/**
 * The seam between the HubSpot connection (OAuth, tokens, the API client, the sandbox CRM) and
 * the lookup pipeline (webhook, processor). Both sides are built against these types.
 */

import type { PortalMapping } from '../../domain/portals/config';

export type CrmObjectType = 'contact' | 'company';

export type { CompanyMapping, ContactMapping, PropertyOption } from '../../domain/portals/config';
/** The portal's field mapping as the lookup pipeline and the API call it. */
export type PortalConfig = PortalMapping;

/** What the lookup pipeline needs to know about a portal when a webhook event arrives. */
export interface PortalRoute {
  portalId: string;
  userId: string;
  config: PortalConfig;
  /** The CRM property holding the ZIP on each object type (HubSpot's own: zip). */
  zipProperty: Record<CrmObjectType, string>;
  /** HubSpot refused the portal's refresh token (uninstalled): its lookups fail as crm_auth_failed. Absent: granted. */
  accessRevoked?: boolean;
}

export interface PortalDirectory {
  /**
   * The connected portal and its owner (also while HubSpot has revoked access, which the route
   * says), or undefined when no account has it connected.
   */
  route(portalId: string): Promise<PortalRoute | undefined>;
}

export interface RecordUpdate {
  id: string;
  properties: Record<string, string>;
}

export type CrmWriteOutcome =
  | { ok: true }
  | { ok: false; reason: 'crm_update_failed' | 'crm_auth_failed' | 'crm_record_not_found'; detail: string };

/** One portal's CRM API, authenticated; tokens are refreshed underneath. */
export interface CrmPortalClient {
  /** Current values of the given properties, for "fill only empty fields". Missing records are absent from the map. */
  readRecords(
    objectType: CrmObjectType,
    ids: readonly string[],
    properties: readonly string[],
  ): Promise<Map<string, Record<string, string | null>>>;
  /**
   * Writes several records of one type in one batch call (HubSpot batch update), waiting out
   * 429s by Retry-After and the 110 requests per 10 s per portal limit. One outcome per id.
   */
  updateRecords(
    objectType: CrmObjectType,
    updates: readonly RecordUpdate[],
  ): Promise<Map<string, CrmWriteOutcome>>;
}

export interface CrmClientFactory {
  forPortal(portalId: string): Promise<CrmPortalClient>;
}
