import { describe, expect, it } from 'vitest';
import { isMappingConfigured, type CompanyMapping, type ContactMapping } from './config';

const nothingMapped: ContactMapping = {
  city: '',
  state: '',
  county: '',
  country: '',
  updateTimezone: false,
  onlyFillEmpty: false,
};

describe('whether a mapping is configured', () => {
  it('treats a mapping with nothing mapped and no timezone as not configured', () => {
    const none: CompanyMapping = { city: '', state: '', county: '', country: '', onlyFillEmpty: false };
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
