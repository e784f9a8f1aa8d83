import { describe, expect, it } from 'vitest';
import {
  defaultPortalMapping,
  isMappingConfigured,
  upcastPortalMapping,
  type CompanyMapping,
  type ContactMapping,
  type RecordedPortalMapping,
} from './config';

const nothingMapped: ContactMapping = {
  city: '',
  state: '',
  county: '',
  country: '',
  updateTimezone: false,
  modes: defaultPortalMapping().contact.modes,
};

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
  it('fill only empty fields on a new portal', () => {
    const { contact, company } = defaultPortalMapping();
    expect(Object.values(contact.modes)).toEqual(Array(5).fill('fill_if_empty'));
    expect(Object.keys(contact.modes)).toEqual(['city', 'state', 'county', 'country', 'timezone']);
    expect(company.modes).toEqual({
      city: 'fill_if_empty',
      state: 'fill_if_empty',
      county: 'fill_if_empty',
      country: 'fill_if_empty',
    });
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

  it('keeps "only fill empty" on as fill if empty for every field', () => {
    const { contact } = upcastPortalMapping(recorded(true, false));
    expect(contact).toEqual({
      ...mapped,
      updateTimezone: true,
      modes: {
        city: 'fill_if_empty',
        state: 'fill_if_empty',
        county: 'fill_if_empty',
        country: 'fill_if_empty',
        timezone: 'fill_if_empty',
      },
    });
  });

  it('keeps "only fill empty" off, or never set, as always overwrite for every field', () => {
    for (const mapping of [upcastPortalMapping(recorded(false, false)), upcastPortalMapping(recorded())]) {
      expect(Object.values(mapping.contact.modes)).toEqual(Array(5).fill('always_overwrite'));
      expect(mapping.company).toEqual({
        ...mapped,
        modes: {
          city: 'always_overwrite',
          state: 'always_overwrite',
          county: 'always_overwrite',
          country: 'always_overwrite',
        },
      });
    }
  });

  it('leaves a configuration recorded with write modes as it was', () => {
    const current = {
      ...defaultPortalMapping(),
      company: { ...defaultPortalMapping().company, city: 'city' },
    };
    current.contact.modes.state = 'update_unless_edited';
    expect(upcastPortalMapping(current)).toEqual(current);
  });
});
