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
  | {
      ok: false;
      reason: 'crm_update_failed' | 'crm_auth_failed' | 'crm_record_not_found' | 'crm_validation_failed';
      detail: string;
    };

/** One condition of a CRM search (HubSpot's operators); `value` for all but (NOT_)HAS_PROPERTY. */
export interface CrmSearchFilter {
  propertyName: string;
  operator: 'HAS_PROPERTY' | 'NOT_HAS_PROPERTY' | 'EQ' | 'NEQ' | 'GT' | 'GTE' | 'LT' | 'LTE';
  value?: string;
}

/** HubSpot's search request: filter groups are ORed, the filters of a group ANDed; `after` pages. */
export interface CrmSearchQuery {
  filterGroups: { filters: CrmSearchFilter[] }[];
  sorts: { propertyName: string; direction: 'ASCENDING' | 'DESCENDING' }[];
  properties: string[];
  limit: number;
  after?: string;
}

/** One page of search results; `after` is present while more results follow. */
export interface CrmSearchPage {
  total: number;
  results: { id: string; properties: Record<string, string | null>; updatedAt: string }[];
  after?: string;
}

/**
 * Whose call it is in the portal's shared HubSpot budget: a live lookup (webhook, workflow) goes
 * before background work (a backfill), which takes what live lookups leave.
 */
export type CallPriority = 'live' | 'background';

/** One portal's CRM API, authenticated; tokens are refreshed underneath. Calls are 'live' unless told. */
export interface CrmPortalClient {
  /** Current values of the given properties, for "fill only empty fields". Missing records are absent from the map. */
  readRecords(
    objectType: CrmObjectType,
    ids: readonly string[],
    properties: readonly string[],
    options?: { priority?: CallPriority },
  ): Promise<Map<string, Record<string, string | null>>>;
  /**
   * Writes several records of one type in one batch call (HubSpot batch update), waiting out
   * 429s by Retry-After and the 110 requests per 10 s per portal limit. One outcome per id.
   */
  updateRecords(
    objectType: CrmObjectType,
    updates: readonly RecordUpdate[],
    options?: { priority?: CallPriority },
  ): Promise<Map<string, CrmWriteOutcome>>;
  /**
   * One page of HubSpot's CRM search (POST /crm/objects/2026-03/{type}/search), within the portal's
   * budget and the search API's own limit (5 requests/s), waiting out 429s and retrying 5xx.
   * HubSpot answers at most 10,000 results for one query and refuses (400) a page past them:
   * to read more, sort ascending on hs_object_id and start a new query with hs_object_id GT the
   * last id seen. Throws CrmCallError: crm_auth_failed when the portal's authorisation is gone,
   * crm_update_failed when HubSpot refused the search or kept failing.
   */
  searchRecords(
    objectType: CrmObjectType,
    query: CrmSearchQuery,
    options?: { priority?: CallPriority },
  ): Promise<CrmSearchPage>;
}

export interface CrmClientFactory {
  forPortal(portalId: string): Promise<CrmPortalClient>;
}

/** What the HubSpot connection provides to the lookup pipeline and the backfill runner. */
export interface HubSpotSide {
  portals: PortalDirectory;
  crm: CrmClientFactory;
  /** The app's client secret (HUBSPOT_CLIENT_SECRET), or the sandbox CRM's generated one. */
  webhookSecret: () => Promise<string>;
}
