import { describe, expect, it } from 'vitest';
import {
  defaultPortalMapping,
  isMappingConfigured,
  upcastPortalMapping,
  withoutZipProperty,
  zipPropertyTarget,
  type CompanyMapping,
  type RecordedPortalMapping,
} from './config';
import { companyModes, contactModes, NOTHING_MAPPED } from './test-mappings';

const nothingMapped = NOTHING_MAPPED.contact;

describe('whether a mapping is configured', () => {
  it('treats a mapping with nothing mapped and no timezone as not configured', () => {
    const none: CompanyMapping = defaultPortalMapping().company;
    expect(isMappingConfigured(none)).toBe(false);
    expect(isMappingConfigured(nothingMapped)).toBe(false);
  });

  it('counts a mapping as configured when any one location field names a property', () => {
    expect(isMappingConfigured({ city: '', state: '', county: 'county_prop', country: '' })).toBe(true);
    expect(isMappingConfigured({ ...nothingMapped, country: 'country' })).toBe(true);
  });

  it('counts a contact mapping with only the timezone on as configured, since its lookup writes the timezone', () => {
    expect(isMappingConfigured({ ...nothingMapped, updateTimezone: true })).toBe(true);
  });

  it('does not count a property name of blanks as mapped', () => {
    expect(isMappingConfigured({ city: '', state: ' ', county: '', country: '' })).toBe(false);
    expect(isMappingConfigured({ ...nothingMapped, city: '\t ' })).toBe(false);
  });

  it('reads a mapping saved without some fields as configured only by the fields it has', () => {
    expect(isMappingConfigured({})).toBe(false);
    expect(isMappingConfigured({ state: 'state' })).toBe(true);
  });
});

describe('write modes', () => {
  it('keep what people entered on a new portal', () => {
    const { contact, company } = defaultPortalMapping();
    expect(Object.values(contact.modes)).toEqual(Array(5).fill('keep_entered'));
    expect(Object.keys(contact.modes)).toEqual(['city', 'state', 'county', 'country', 'timezone']);
    expect(company.modes).toEqual(companyModes('keep_entered'));
  });
});

describe('a configuration recorded before write modes', () => {
  const mapped = { city: 'city', state: 'state', county: '', country: '' };
  const recorded = (contactSwitch?: boolean, companySwitch?: boolean): RecordedPortalMapping => ({
    contact: {
      ...mapped,
      updateTimezone: true,
      ...(contactSwitch === undefined ? {} : { onlyFillEmpty: contactSwitch }),
    },
    company: { ...mapped, ...(companySwitch === undefined ? {} : { onlyFillEmpty: companySwitch }) },
  });

  it('reads "only fill empty" on as keep what people entered for every field', () => {
    const { contact } = upcastPortalMapping(recorded(true, false));
    expect(contact).toEqual({
      ...mapped,
      updateTimezone: true,
      modes: contactModes('keep_entered'),
    });
  });

  it('keeps "only fill empty" off, or never set, as always overwrite for every field', () => {
    for (const mapping of [upcastPortalMapping(recorded(false, false)), upcastPortalMapping(recorded())]) {
      expect(Object.values(mapping.contact.modes)).toEqual(Array(5).fill('always_overwrite'));
      expect(mapping.company).toEqual({
        ...mapped,
        modes: companyModes('always_overwrite'),
      });
    }
  });

  it('leaves a configuration recorded with today’s write modes as it was', () => {
    const current = {
      ...defaultPortalMapping(),
      company: { ...defaultPortalMapping().company, city: 'city' },
    };
    current.contact.modes.state = 'always_overwrite';
    expect(upcastPortalMapping(current)).toEqual(current);
  });
});

describe('a configuration recorded with three write modes', () => {
  it('reads fill if empty and update unless edited as keep what people entered, always overwrite as it was', () => {
    const { contact, company } = defaultPortalMapping();
    const recorded: RecordedPortalMapping = {
      contact: {
        ...contact,
        modes: {
          city: 'fill_if_empty',
          state: 'update_unless_edited',
          county: 'always_overwrite',
          country: 'fill_if_empty',
          timezone: 'update_unless_edited',
        },
      },
      company: { ...company, modes: { ...company.modes, city: 'update_unless_edited' } },
    };
    expect(upcastPortalMapping(recorded).contact.modes).toEqual({
      city: 'keep_entered',
      state: 'keep_entered',
      county: 'always_overwrite',
      country: 'keep_entered',
      timezone: 'keep_entered',
    });
    expect(upcastPortalMapping(recorded).company.modes.city).toBe('keep_entered');
  });
});

describe('the ZIP property is never a target', () => {
  const zip = { contact: 'zip', company: 'zip' };

  it('is left out of the properties a mapping may use', () => {
    expect(
      withoutZipProperty(
        [
          { name: 'city', label: 'City' },
          { name: 'zip', label: 'Postal Code' },
        ],
        'zip',
      ),
    ).toEqual([{ name: 'city', label: 'City' }]);
  });

  it('refuses a mapping that writes a location value to it, naming the field', () => {
    const mapping = defaultPortalMapping();
    expect(zipPropertyTarget(mapping, zip)).toBeUndefined();
    mapping.company.county = 'zip';
    expect(zipPropertyTarget(mapping, zip)).toMatch(
      /^company\.county: "zip" is the ZIP property the lookup reads/,
    );
  });

  it('lets another property hold the location when the ZIP lives elsewhere', () => {
    const mapping = defaultPortalMapping();
    mapping.contact.city = 'zip';
    expect(zipPropertyTarget(mapping, { contact: 'postal_code', company: 'zip' })).toBeUndefined();
  });
});
