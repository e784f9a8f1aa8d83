import {
  isFieldMapped,
  isMappingConfigured,
  LOCATION_FIELDS,
  type LocationField,
  type PortalMapping,
  type PropertyOption,
} from './config';

/** HubSpot's own property for a location value, else (county has none) one named after it. */
function propertyFor(field: LocationField, options: readonly PropertyOption[]): string {
  const own = options.find((o) => o.name === field);
  if (own) return own.name;
  if (field !== 'county') return '';
  return options.find((o) => /county/i.test(o.name) || /county/i.test(o.label))?.name ?? '';
}

function proposeSide<T extends Record<LocationField, string>>(
  side: T,
  options: readonly PropertyOption[],
): T {
  const proposed: Record<LocationField, string> = { city: '', state: '', county: '', country: '' };
  for (const field of LOCATION_FIELDS) proposed[field] = propertyFor(field, options);
  return { ...side, ...proposed };
}

const mapsNothing = (m: PortalMapping) => !isMappingConfigured(m.contact) && !isMappingConfigured(m.company);

/**
 * A first mapping for a portal that maps nothing yet: HubSpot's own city, state and country
 * properties, and a county property where the portal has one. Undefined when the owner has
 * mapped anything already, or the portal offers none of them. Only a proposal: nothing is
 * saved until the owner saves it.
 */
export function proposedMapping(
  current: PortalMapping,
  options: { contact: readonly PropertyOption[]; company: readonly PropertyOption[] },
): PortalMapping | undefined {
  if (!mapsNothing(current)) return undefined;
  const proposal: PortalMapping = {
    contact: proposeSide(current.contact, options.contact),
    company: proposeSide(current.company, options.company),
  };
  return mapsNothing(proposal) ? undefined : proposal;
}

/** A property that receives two or more location values: only the last written would remain. */
export interface SharedProperty {
  property: string;
  fields: LocationField[];
}

/** The properties of one side that two or more location values are mapped to. */
export function sharedProperties(side: Record<LocationField, string>): SharedProperty[] {
  const byProperty = new Map<string, LocationField[]>();
  for (const field of LOCATION_FIELDS) {
    const property = side[field];
    if (isFieldMapped(property)) byProperty.set(property, [...(byProperty.get(property) ?? []), field]);
  }
  return [...byProperty]
    .filter(([, fields]) => fields.length > 1)
    .map(([property, fields]) => ({ property, fields }));
}
