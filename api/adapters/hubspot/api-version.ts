/**
 * The one place that names the HubSpot API version ZipFill calls. HubSpot retires the numbered
 * APIs (OAuth v1 on 2027-02-16, v4 on 2027-03-30, v1 to v3 in September 2027:
 * https://developers.hubspot.com/changelog/legacy-apis-and-legacy-apps-whats-going-unsupported-and-when,
 * https://developers.hubspot.com/docs/api-reference/legacy/migration-guide); every call is on a
 * date-based version, so moving to the next one (2026-09, 2027-03) is this one line.
 */
export const HUBSPOT_API_VERSION = '2026-03';

const V = HUBSPOT_API_VERSION;

/** `contacts` or `companies`, as the paths name them. */
type ObjectPath = string;

/**
 * Every HubSpot path ZipFill calls, on HUBSPOT_API_VERSION; the sandbox CRM serves the same.
 * References (2026-03):
 * - OAuth: https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/migration-guide,
 *   .../api-reference/2026-03/authentication/oauth-tokens/refresh-oauth-token (POST token, form-encoded),
 *   .../api-reference/2026-03/authentication/oauth-tokens/token-introspect,
 *   .../api-reference/latest/authentication/oauth-tokens/revoke-token
 * - CRM objects: .../api-reference/2026-03/crm/objects/contacts/batch/update-contacts (batch read, update),
 *   .../api-reference/2026-03/crm/search-the-crm
 * - Properties: .../api-reference/2026-03/crm/properties/get-properties (and get-property)
 * - Validations: .../api-reference/2026-03/crm/property-validations/get-property-validations
 */
export const HUBSPOT_PATHS = {
  token: `/oauth/${V}/token`,
  introspect: `/oauth/${V}/token/introspect`,
  revoke: `/oauth/${V}/token/revoke`,
  batchRead: (type: ObjectPath) => `/crm/objects/${V}/${type}/batch/read`,
  batchUpdate: (type: ObjectPath) => `/crm/objects/${V}/${type}/batch/update`,
  search: (type: ObjectPath) => `/crm/objects/${V}/${type}/search`,
  record: (type: ObjectPath, id: string) => `/crm/objects/${V}/${type}/${id}`,
  properties: (type: ObjectPath) => `/crm/properties/${V}/${type}`,
  property: (type: ObjectPath, name: string) => `/crm/properties/${V}/${type}/${name}`,
  propertyValidations: (objectTypeId: string) => `/crm/property-validations/${V}/${objectTypeId}`,
} as const;

/**
 * A path on one of HubSpot's numbered APIs (`/<api>/v<n>/…`, versions 1 to 4), all retired on the
 * HubSpot ZipFill runs against; the date-based form above replaces each.
 */
export const NUMBERED_API_PATH = /^\/[a-z-]+\/v\d+\//;
