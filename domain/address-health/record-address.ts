import type { CrmObjectTypeName } from '../lookups/webhook-event';
import type { LookupPortal } from '../lookups/plan';
import { isFieldMapped } from '../portals/config';
import type { RecordAddress } from './classify';

/**
 * The address a record holds in the properties its portal maps, as the health check classifies
 * it (and a fix job picks its records): a field not mapped is not read.
 */
export function addressOfRecord(
  properties: Readonly<Record<string, string | null>>,
  portal: Pick<LookupPortal, 'zipProperty' | 'config'>,
  objectType: CrmObjectTypeName,
): RecordAddress {
  const mapping = portal.config[objectType];
  const value = (property: string) => (isFieldMapped(property) ? (properties[property] ?? null) : null);
  return {
    zip: properties[portal.zipProperty[objectType]] ?? null,
    city: value(mapping.city),
    state: value(mapping.state),
    county: value(mapping.county),
  };
}
