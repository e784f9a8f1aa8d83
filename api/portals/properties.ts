import type { HubSpotClient } from '../adapters/hubspot/client';
import { HUBSPOT_PATHS } from '../adapters/hubspot/api-version';
import { objectPath } from '../adapters/hubspot/client';
import { CrmCallError } from '../adapters/hubspot/errors';
import { messageOf } from '../adapters/hubspot/http';
import type { CrmObjectType, PropertyOption } from './types';

/**
 * A property definition as GET /crm/properties/2026-03/{objectType} describes it (the same fields
 * as before: https://developers.hubspot.com/docs/api-reference/2026-03/crm/properties/get-properties).
 */
export interface HubSpotProperty {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  calculated?: boolean;
  hasUniqueValue?: boolean;
  hidden?: boolean;
  modificationMetadata?: { readOnlyValue?: boolean };
}

const OBJECT_TYPE_IDS: Record<CrmObjectType, string> = { contact: '0-1', company: '0-2' };

/**
 * The properties a location value may be written to: writable single-line or multi-line text,
 * not calculated, not unique (the same city would collide), not hidden, without a validation
 * rule (a rule could refuse "New York County"), sorted by label.
 */
export function mappableProperties(
  properties: readonly HubSpotProperty[],
  withRules: ReadonlySet<string>,
): PropertyOption[] {
  return properties
    .filter(
      (p) =>
        p.type === 'string' &&
        (p.fieldType === 'text' || p.fieldType === 'textarea') &&
        p.modificationMetadata?.readOnlyValue !== true &&
        p.calculated !== true &&
        p.hasUniqueValue !== true &&
        p.hidden !== true &&
        !withRules.has(p.name),
    )
    .map((p) => ({ name: p.name, label: p.label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en') || a.name.localeCompare(b.name));
}

/** The names of the properties that carry a portal validation rule; none when the API is not available. */
async function propertiesWithRules(client: HubSpotClient, portalId: string, type: CrmObjectType) {
  // https://developers.hubspot.com/docs/api-reference/2026-03/crm/property-validations/get-property-validations
  const response = await client.call(
    portalId,
    'GET',
    HUBSPOT_PATHS.propertyValidations(OBJECT_TYPE_IDS[type]),
  );
  if (response.status !== 200) return new Set<string>();
  const results = (
    response.body as { results?: { propertyName?: string; propertyValidationRules?: unknown[] }[] }
  )?.results;
  return new Set(
    (results ?? [])
      .filter((r) => typeof r.propertyName === 'string' && (r.propertyValidationRules?.length ?? 0) > 0)
      .map((r) => r.propertyName as string),
  );
}

/** The portal's mappable properties of one object type, read from HubSpot. */
export async function fetchPropertyOptions(
  client: HubSpotClient,
  portalId: string,
  type: CrmObjectType,
): Promise<PropertyOption[]> {
  const response = await client.call(portalId, 'GET', HUBSPOT_PATHS.properties(objectPath(type)));
  const results = (response.body as { results?: unknown })?.results;
  if (response.status !== 200 || !Array.isArray(results))
    throw new CrmCallError('crm_update_failed', messageOf(response));
  return mappableProperties(results as HubSpotProperty[], await propertiesWithRules(client, portalId, type));
}
