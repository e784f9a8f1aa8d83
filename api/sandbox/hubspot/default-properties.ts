import type { HubSpotProperty } from '../../portals/properties';
import { hubspotTimezoneValue } from '../../portals/timezones';

/** A property as the sandbox keeps it (HubSpot's description, read-only-ness lifted out of its metadata); the API answers it in HubSpot's shape. */
export interface SandboxProperty extends Omit<HubSpotProperty, 'modificationMetadata'> {
  objectType: 'contacts' | 'companies';
  readOnlyValue?: boolean;
  validationRule?: string;
  options?: { label: string; value: string }[];
}

/** A property's flags as HubSpot reports them: one that is not marked is none of them. */
export function flagsOf(p: SandboxProperty) {
  return {
    calculated: p.calculated ?? false,
    hasUniqueValue: p.hasUniqueValue ?? false,
    readOnlyValue: p.readOnlyValue ?? false,
    hidden: p.hidden ?? false,
  };
}

// HubSpot lists some zones by their long IANA names and keeps the legacy US aliases; ICU's list does not.
const HUBSPOT_EXTRA_ZONES = [
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
  'US/Eastern',
  'US/Central',
  'US/Mountain',
  'US/Pacific',
  'US/Alaska',
  'US/Hawaii',
  'US/Arizona',
];

const timezoneOptions = () =>
  [...new Set([...Intl.supportedValuesOf('timeZone'), ...HUBSPOT_EXTRA_ZONES])].map((zone) => ({
    label: zone,
    value: hubspotTimezoneValue(zone),
  }));

const text = (objectType: SandboxProperty['objectType'], name: string, label: string, extra = {}) => ({
  objectType,
  name,
  label,
  type: 'string',
  fieldType: 'text',
  ...extra,
});

/** A single-choice dropdown, as HubSpot's default enumeration properties are. */
const select = (
  objectType: SandboxProperty['objectType'],
  name: string,
  label: string,
  options: { label: string; value: string }[],
): SandboxProperty => ({ objectType, name, label, type: 'enumeration', fieldType: 'select', options });

/**
 * HubSpot's default contact and company properties that matter here, plus a few custom ones that
 * show each reason a property is kept out of the mapping list.
 */
export function defaultSandboxProperties(): SandboxProperty[] {
  const shared = (t: SandboxProperty['objectType']): SandboxProperty[] => [
    text(t, 'address', 'Street Address'),
    text(t, 'city', 'City'),
    text(t, 'state', 'State/Region'),
    text(t, 'zip', 'Postal Code'),
    text(t, 'country', 'Country/Region'),
    text(t, 'county', 'County'),
    text(t, 'phone', 'Phone Number', { fieldType: 'phonenumber' }),
    { ...text(t, 'location_notes', 'Location Notes'), fieldType: 'textarea' },
    text(t, 'region_code', 'Region Code', { validationRule: '^[A-Z]{2}$' }),
    text(t, 'customer_code', 'Customer Code', { hasUniqueValue: true }),
    text(t, 'full_location', 'Full Location', { calculated: true, readOnlyValue: true }),
    text(t, 'hs_internal_geo', 'Internal Geo', { hidden: true }),
    {
      objectType: t,
      name: 'hs_object_id',
      label: 'Record ID',
      type: 'number',
      fieldType: 'number',
      readOnlyValue: true,
    },
    {
      objectType: t,
      name: 'createdate',
      label: 'Create Date',
      type: 'datetime',
      fieldType: 'date',
      readOnlyValue: true,
    },
  ];
  return [
    text('contacts', 'firstname', 'First Name'),
    text('contacts', 'lastname', 'Last Name'),
    text('contacts', 'email', 'Email', { validationRule: 'EMAIL' }),
    text('contacts', 'company', 'Company Name'),
    text('contacts', 'jobtitle', 'Job Title'),
    select('contacts', 'hs_timezone', 'Time Zone', timezoneOptions()),
    ...shared('contacts'),
    text('companies', 'name', 'Company name'),
    text('companies', 'domain', 'Company Domain Name'),
    select('companies', 'industry', 'Industry', [
      { label: 'Computer Software', value: 'COMPUTER_SOFTWARE' },
      { label: 'Retail', value: 'RETAIL' },
    ]),
    ...shared('companies'),
  ];
}
