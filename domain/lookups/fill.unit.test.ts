import { describe, expect, it } from 'vitest';
import type { FieldMapping } from '../portals/config';
import { mappedProperties, plannedWrites, propertiesToFill } from './fill';
import type { Location } from './postal-code';
import { PLACES } from './test-places';

const { newYork } = PLACES;

const contactMapping: FieldMapping = {
  city: 'city',
  state: 'state',
  county: 'county_name',
  country: 'country',
  updateTimezone: true,
  modes: {
    city: 'keep_entered',
    state: 'always_overwrite',
    county: 'keep_entered',
    country: 'keep_entered',
  },
};

describe('which properties a lookup fills', () => {
  it('writes each mapped location value to its property and the timezone as a HubSpot option', () => {
    expect(propertiesToFill(contactMapping, newYork)).toEqual({
      city: 'New York',
      state: 'NY',
      county_name: 'New York County',
      country: 'US',
      hs_timezone: 'america_slash_new_york',
    });
  });

  it('leaves out fields mapped to "Do Not Update" and the timezone when it is off', () => {
    expect(
      propertiesToFill({ ...contactMapping, county: '', country: '', updateTimezone: false }, newYork),
    ).toEqual({ city: 'New York', state: 'NY' });
  });

  it('leaves a property alone rather than clearing it when the table has no value', () => {
    const canadianArea: Location = {
      city: null,
      state: 'ON',
      county: 'UTC-05:00',
      country: 'CA',
      timezone: 'America/Toronto',
    };
    expect(propertiesToFill(contactMapping, canadianArea)).toEqual({
      state: 'ON',
      county_name: 'UTC-05:00',
      country: 'CA',
      hs_timezone: 'america_slash_toronto',
    });
  });

  it('plans each value with the mode of its field, the timezone in the default mode when it has none', () => {
    expect(plannedWrites({ ...contactMapping, county: '', country: '' }, newYork)).toEqual([
      { field: 'city', property: 'city', value: 'New York', mode: 'keep_entered' },
      { field: 'state', property: 'state', value: 'NY', mode: 'always_overwrite' },
      { field: 'timezone', property: 'hs_timezone', value: 'america_slash_new_york', mode: 'keep_entered' },
    ]);
  });
});

describe('which properties a mapping writes', () => {
  it('names each mapped field’s property and the timezone’s when it is on', () => {
    expect(mappedProperties(contactMapping)).toEqual([
      'city',
      'state',
      'county_name',
      'country',
      'hs_timezone',
    ]);
  });

  it('names only the mapped fields when the timezone is off', () => {
    expect(mappedProperties({ ...contactMapping, county: '', updateTimezone: false })).toEqual([
      'city',
      'state',
      'country',
    ]);
  });
});
