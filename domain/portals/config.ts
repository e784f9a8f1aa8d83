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
