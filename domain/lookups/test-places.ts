import type { Location } from './postal-code';

/**
 * Hand-picked places as the ZIP table gives them, for unit tests of rules that read a location:
 * a plain ZIP, a ZIP with another accepted name, a multi-county ZIP, a state-crossing ZIP and a Canadian area.
 */
export const PLACES = {
  /** 10001: one city, one county. */
  newYork: {
    city: 'New York',
    state: 'NY',
    county: 'New York County',
    country: 'US',
    timezone: 'America/New_York',
  },
  /** 02128: one county, and East Boston beside Boston. */
  eastBoston: {
    city: 'Boston',
    otherCities: ['East Boston'],
    state: 'MA',
    county: 'Suffolk County',
    country: 'US',
    timezone: 'America/New_York',
  },
  /** 86515: written Apache County AZ, though most of its people live in McKinley County NM. */
  windowRock: {
    city: 'Window Rock',
    otherCities: ['Fort Defiance', 'St Michaels'],
    state: 'AZ',
    county: 'Apache County',
    counties: [
      { county: 'Apache County', state: 'AZ', share: 11.86 },
      { county: 'McKinley County', state: 'NM', share: 88.14 },
    ],
    crossesStateLine: true,
    country: 'US',
    timezone: 'America/Denver',
  },
  /** 57501: two counties of one state. */
  pierre: {
    city: 'Pierre',
    state: 'SD',
    county: 'Hughes County',
    counties: [
      { county: 'Hughes County', state: 'SD', share: 55.15 },
      { county: 'Sully County', state: 'SD', share: 44.85 },
    ],
    country: 'US',
    timezone: 'America/Chicago',
  },
  /** M5V: a Canadian area names no city; its "county" is its standard-time offset. */
  toronto: { city: null, state: 'ON', county: 'UTC-05:00', country: 'CA', timezone: 'America/Toronto' },
} satisfies Record<string, Location>;
