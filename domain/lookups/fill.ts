import { hubspotTimezoneValue } from './hubspot-timezone';
import { isFieldMapped, LOCATION_FIELDS, type FieldMapping } from '../portals/config';
import type { Location } from './postal-code';

/** HubSpot's own contact timezone property. */
export const HUBSPOT_TIMEZONE_PROPERTY = 'hs_timezone';

/**
 * The CRM properties to set for a resolved location. A field the table has no value for
 * (a Canadian area's city, a military code's county) is left alone rather than cleared.
 */
export function propertiesToFill(mapping: FieldMapping, location: Location): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const field of LOCATION_FIELDS) {
    const property = mapping[field];
    const value = location[field];
    if (isFieldMapped(property) && value !== null && value !== '') properties[property] = value;
  }
  if (mapping.updateTimezone && location.timezone)
    properties[HUBSPOT_TIMEZONE_PROPERTY] = hubspotTimezoneValue(location.timezone);
  return properties;
}

/** For "fill only empty fields": keeps the properties the record has no value for. */
export function onlyEmpty(
  properties: Record<string, string>,
  current: Record<string, string | null | undefined>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(properties).filter(([name]) => (current[name] ?? '').trim() === ''),
  );
}
