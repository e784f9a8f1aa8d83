import { MAPPED_FIELDS, type PortalMapping, type PropertyOption } from './config';

type MappedField = (typeof MAPPED_FIELDS)[number];

/** HubSpot's own property for a location value, else (county has none) one named after it. */
function propertyFor(field: MappedField, options: readonly PropertyOption[]): string {
  const own = options.find((o) => o.name === field);
  if (own) return own.name;
  if (field !== 'county') return '';
  return options.find((o) => /county/i.test(o.name) || /county/i.test(o.label))?.name ?? '';
}

function proposeSide<T extends Record<MappedField, string>>(side: T, options: readonly PropertyOption[]): T {
  const next = { ...side };
  for (const field of MAPPED_FIELDS) next[field] = propertyFor(field, options);
  return next;
}

const mapsNothing = (m: PortalMapping) =>
  MAPPED_FIELDS.every((f) => m.contact[f] === '' && m.company[f] === '');

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
  fields: MappedField[];
}

/** The properties of one side that two or more location values are mapped to. */
export function sharedProperties(side: Record<MappedField, string>): SharedProperty[] {
  const byProperty = new Map<string, MappedField[]>();
  for (const field of MAPPED_FIELDS) {
    const property = side[field];
    if (property !== '') byProperty.set(property, [...(byProperty.get(property) ?? []), field]);
  }
  return [...byProperty]
    .filter(([, fields]) => fields.length > 1)
    .map(([property, fields]) => ({ property, fields }));
}
