import { describe, expect, it } from 'vitest';
import type { FieldMapping } from '../portals/config';
import { onlyEmpty, propertiesToFill } from './fill';
import type { Location } from './postal-code';

const newYork: Location = {
  city: 'New York',
  state: 'NY',
  county: 'New York County',
  country: 'US',
  timezone: 'America/New_York',
};

const contactMapping: FieldMapping = {
  city: 'city',
  state: 'state',
  county: 'county_name',
  country: 'country',
  updateTimezone: true,
  onlyFillEmpty: false,
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

  it('fills only the properties that are empty on the record when asked to', () => {
    const planned = { city: 'New York', state: 'NY', country: 'US' };
    expect(onlyEmpty(planned, { city: 'Brooklyn', state: '  ', country: null })).toEqual({
      state: 'NY',
      country: 'US',
    });
  });
});
