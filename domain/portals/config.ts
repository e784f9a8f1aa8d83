/** A CRM property a user can map a location value to (single/multi-line text, writable, no validation). */
export interface PropertyOption {
  name: string;
  label: string;
}

/**
 * A portal's field mapping: which CRM property receives which location value. '' means
 * "Do Not Update with Location Data". The API and the web app both use these types.
 */
export interface ContactMapping {
  city: string;
  state: string;
  county: string;
  country: string;
  updateTimezone: boolean;
  /** Beyond the spec: only write properties that are empty on the record. */
  onlyFillEmpty: boolean;
}

export interface CompanyMapping {
  city: string;
  state: string;
  county: string;
  country: string;
  onlyFillEmpty: boolean;
}

export interface PortalMapping {
  contact: ContactMapping;
  company: CompanyMapping;
}

export const MAPPED_FIELDS = ['city', 'state', 'county', 'country'] as const;

/** A new portal writes nothing until its owner chooses where each value goes. */
export function defaultPortalMapping(): PortalMapping {
  return {
    contact: { city: '', state: '', county: '', country: '', updateTimezone: false, onlyFillEmpty: false },
    company: { city: '', state: '', county: '', country: '', onlyFillEmpty: false },
  };
}

export function sameMapping(a: PortalMapping, b: PortalMapping): boolean {
  const contactKeys = [...MAPPED_FIELDS, 'updateTimezone', 'onlyFillEmpty'] as const;
  const companyKeys = [...MAPPED_FIELDS, 'onlyFillEmpty'] as const;
  return (
    contactKeys.every((k) => a.contact[k] === b.contact[k]) &&
    companyKeys.every((k) => a.company[k] === b.company[k])
  );
}
