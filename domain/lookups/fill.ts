import { hubspotTimezoneValue } from './hubspot-timezone';
import { isFieldMapped, LOCATION_FIELDS, writeModeOf, type FieldMapping } from '../portals/config';
import type { Location } from './postal-code';
import type { PlannedWrite } from './write-modes';

/** HubSpot's own contact timezone property. */
export const HUBSPOT_TIMEZONE_PROPERTY = 'hs_timezone';

/**
 * The values a lookup would write for a resolved location, each with its property and mode. A
 * field the table has no value for (a Canadian area's city, a military code's county) is left
 * alone rather than cleared.
 */
export function plannedWrites(mapping: FieldMapping, location: Location): PlannedWrite[] {
  const writes: PlannedWrite[] = [];
  for (const field of LOCATION_FIELDS) {
    const property = mapping[field];
    const value = location[field];
    if (isFieldMapped(property) && value !== null && value !== '')
      writes.push({ field, property, value, mode: writeModeOf(mapping, field) });
  }
  if (mapping.updateTimezone && location.timezone)
    writes.push({
      field: 'timezone',
      property: HUBSPOT_TIMEZONE_PROPERTY,
      value: hubspotTimezoneValue(location.timezone),
      mode: writeModeOf(mapping, 'timezone'),
    });
  return writes;
}

/** The CRM properties a mapping writes, whatever the location: each mapped field's, and the timezone's when it is on. */
export function mappedProperties(mapping: FieldMapping): string[] {
  const properties: string[] = LOCATION_FIELDS.map((field) => mapping[field]).filter(isFieldMapped);
  if (mapping.updateTimezone) properties.push(HUBSPOT_TIMEZONE_PROPERTY);
  return [...new Set(properties)];
}

/** The CRM properties a lookup would set for a resolved location, whatever the record holds. */
export function propertiesToFill(mapping: FieldMapping, location: Location): Record<string, string> {
  return Object.fromEntries(plannedWrites(mapping, location).map((w) => [w.property, w.value]));
}
