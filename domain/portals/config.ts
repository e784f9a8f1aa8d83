/** A CRM property a user can map a location value to (single/multi-line text, writable, no validation). */
export interface PropertyOption {
  name: string;
  label: string;
}

/** The location values a lookup can write, each to a CRM property of the user's choice. */
export const LOCATION_FIELDS = ['city', 'state', 'county', 'country'] as const;
export type LocationField = (typeof LOCATION_FIELDS)[number];

/**
 * Where one object type's location values go: which CRM property receives which value, '' for
 * "Do Not Update with Location Data". The API, the lookup and the web app all use these types.
 */
export interface FieldMapping extends Record<LocationField, string> {
  /** Contacts only: also set HubSpot's timezone property. */
  updateTimezone?: boolean;
  /** Beyond the spec: only write properties that are empty on the record. */
  onlyFillEmpty: boolean;
}

export interface ContactMapping extends FieldMapping {
  updateTimezone: boolean;
}

/** Companies have no HubSpot timezone property to set. */
export type CompanyMapping = Omit<FieldMapping, 'updateTimezone'>;

/** A location field is mapped when it names a property; blanks mean "Do Not Update". */
export const isFieldMapped = (property: string | undefined): property is string =>
  (property ?? '').trim() !== '';

/**
 * A mapping is configured when a lookup would write something with it: a location field mapped
 * to a property, or (contacts) HubSpot's timezone switched on. Without it a lookup fails as
 * "portal not configured" and the admin sees the object type as not configured. Partial, because
 * the admin's read model folds every recorded configuration.
 */
export function isMappingConfigured(mapping: Partial<FieldMapping>): boolean {
  return LOCATION_FIELDS.some((field) => isFieldMapped(mapping[field])) || mapping.updateTimezone === true;
}

export interface PortalMapping {
  contact: ContactMapping;
  company: CompanyMapping;
}

/** A new portal writes nothing until its owner chooses where each value goes. */
export function defaultPortalMapping(): PortalMapping {
  return {
    contact: { city: '', state: '', county: '', country: '', updateTimezone: false, onlyFillEmpty: false },
    company: { city: '', state: '', county: '', country: '', onlyFillEmpty: false },
  };
}

export function sameMapping(a: PortalMapping, b: PortalMapping): boolean {
  const contactKeys = [...LOCATION_FIELDS, 'updateTimezone', 'onlyFillEmpty'] as const;
  const companyKeys = [...LOCATION_FIELDS, 'onlyFillEmpty'] as const;
  return (
    contactKeys.every((k) => a.contact[k] === b.contact[k]) &&
    companyKeys.every((k) => a.company[k] === b.company[k])
  );
}
