import { describe, expect, it } from 'vitest';
import { defaultPortalMapping, type PortalMapping } from '../portals/config';
import type { LookupPortal } from '../lookups/plan';
import type { Location, ParsedPostalCode } from '../lookups/postal-code';
import {
  emptyTally,
  planRecord,
  recordsCovered,
  tallyRecord,
  type FoundRecord,
  type RecordContext,
} from './records';

const boston: Location = {
  city: 'Boston',
  state: 'MA',
  county: 'Suffolk County',
  country: 'US',
  timezone: 'America/New_York',
  otherCities: ['East Boston'],
};
const table: Record<string, Location> = { '02128': boston };
const resolve = (code: ParsedPostalCode) => (code.kind === 'us' ? table[code.zip] : undefined);

const mapping = (modes: Partial<PortalMapping['contact']['modes']> = {}): PortalMapping => {
  const base = defaultPortalMapping();
  return {
    ...base,
    contact: { ...base.contact, city: 'city', state: 'state', modes: { ...base.contact.modes, ...modes } },
  };
};
const portal = (config = mapping()): LookupPortal => ({
  userId: 'alice',
  zipProperty: { contact: 'zip', company: 'zip' },
  config,
});
const context = (over: Partial<RecordContext> = {}): RecordContext => ({
  jobId: '0b7e6a52-3c1d-4e2f-9a8b-7c6d5e4f3a21',
  portalId: '4711',
  objectType: 'contact',
  portal: portal(),
  resolve,
  lastWritten: {},
  scope: 'all',
  ...over,
});
const record = (properties: Record<string, string | null>, id = '101'): FoundRecord => ({ id, properties });

describe('a backfill record', () => {
  it('is charged for the mapped values its empty fields take', () => {
    expect(planRecord(record({ zip: '02128', city: null, state: '' }), context())).toEqual({
      kind: 'charge',
      writes: expect.any(Array),
      properties: { city: 'Boston', state: 'MA' },
      acceptedCities: ['Boston', 'East Boston'],
    });
  });

  it('fails as a live lookup would, without a charge: invalid format, unknown ZIP, nothing mapped', () => {
    expect(planRecord(record({ zip: 'abc' }), context())).toMatchObject({ reason: 'invalid_zip_format' });
    expect(planRecord(record({ zip: '99999' }), context())).toMatchObject({ reason: 'zip_not_found' });
    expect(
      planRecord(record({ zip: '02128' }), context({ portal: portal(defaultPortalMapping()) })),
    ).toMatchObject({ reason: 'portal_not_configured' });
  });

  it('is looked up by the first five digits of a ZIP+4', () => {
    expect(planRecord(record({ zip: '02128-1234' }), context())).toMatchObject({ kind: 'charge' });
  });

  it('has nothing to update, uncharged, when its modes leave every mapped field alone', () => {
    expect(planRecord(record({ zip: '02128', city: 'Somerville', state: 'MA' }), context())).toMatchObject({
      kind: 'fail',
      reason: 'already_filled',
    });
  });

  it('already charged by a run that stopped before its outcome, goes on to its write even when filled (its own write may have landed)', () => {
    const filled = record({ zip: '02128', city: 'Boston', state: 'MA' });
    expect(planRecord(filled, context({ resumed: true }))).toMatchObject({ kind: 'charge', properties: {} });
  });

  it('keeps a city its ZIP is also known by, even when always overwriting', () => {
    const plan = planRecord(
      record({ zip: '02128', city: 'East Boston', state: '' }),
      context({ portal: portal(mapping({ city: 'always_overwrite' })) }),
    );
    expect(plan).toMatchObject({ kind: 'charge', properties: { state: 'MA' } });
  });

  it('in "keep what people entered" moves what ZipFill wrote to the new ZIP and leaves a value a person typed', () => {
    const tracked = context({
      portal: portal(mapping({ city: 'keep_entered', state: 'keep_entered' })),
      lastWritten: { city: 'Chicago', state: 'IL' },
    });
    expect(planRecord(record({ zip: '02128', city: 'Hand Typed', state: 'IL' }), tracked)).toMatchObject({
      kind: 'charge',
      properties: { state: 'MA' },
    });
    expect(planRecord(record({ zip: '02128', city: 'Hand Typed', state: 'Typed' }), tracked)).toMatchObject({
      kind: 'fail',
      reason: 'already_filled',
    });
  });
});

describe('a backfill’s scope is what ZipFill can change', () => {
  const canadian: Location = { city: null, state: 'ON', county: 'UTC-05:00', country: 'CA', timezone: null };
  const withCanada = (code: ParsedPostalCode) =>
    code.kind === 'ca' ? canadian : code.kind === 'us' ? table[code.zip] : undefined;

  it('"only empty" leaves out a record whose empty fields its ZIP cannot fill (a Canadian record’s City)', () => {
    const ontario = record({ zip: 'M5V 2T6', city: '', state: 'ON' });
    expect(planRecord(ontario, context({ scope: 'empty', resolve: withCanada }))).toEqual({
      kind: 'out_of_scope',
    });
    expect(planRecord(ontario, context({ scope: 'all', resolve: withCanada }))).toMatchObject({
      kind: 'fail',
      reason: 'already_filled',
    });
  });

  it('"only empty" takes a record with one empty field its ZIP fills', () => {
    expect(
      planRecord(record({ zip: '02128', city: 'Boston', state: '' }), context({ scope: 'empty' })),
    ).toMatchObject({ kind: 'charge', properties: { state: 'MA' } });
  });

  it('"only empty" keeps a record whose ZIP does not resolve, failing with its reason', () => {
    expect(planRecord(record({ zip: 'n/a', city: '' }), context({ scope: 'empty' }))).toMatchObject({
      kind: 'fail',
      reason: 'invalid_zip_format',
    });
  });
});

describe('a record of a fix job (one health-check class)', () => {
  const chicago: Location = {
    city: 'Chicago',
    state: 'IL',
    county: 'Cook County',
    country: 'US',
    timezone: 'America/Chicago',
  };
  const withCounty = (): PortalMapping => {
    const base = mapping();
    return { ...base, contact: { ...base.contact, county: 'county' } };
  };
  const fixing = (over: Partial<RecordContext> = {}) =>
    context({
      portal: portal(withCounty()),
      resolve: (code) => (code.kind === 'us' && code.zip === '60601' ? chicago : resolve(code)),
      healthClass: 'state_not_zips',
      ...over,
    });

  it('is charged for its state alone, overwriting the value a person entered', () => {
    expect(planRecord(record({ zip: '60601', city: '', state: 'WI', county: '' }), fixing())).toEqual({
      kind: 'charge',
      writes: [{ field: 'state', property: 'state', value: 'IL', mode: 'always_overwrite' }],
      properties: { state: 'IL' },
      acceptedCities: ['Chicago'],
    });
  });

  it('is out of scope when the health check puts it in another class, whatever it could be filled with', () => {
    const outside = [
      record({ zip: '60601', city: 'Chicago', state: 'IL', county: '' }),
      record({ zip: '60601', city: 'Boston', state: 'WI' }),
      record({ zip: '60601', state: 'IL', county: 'DuPage County' }),
      record({ zip: null, state: 'WI' }),
      record({ zip: 'n/a', state: 'WI' }),
      record({ zip: '99999', state: 'WI' }),
    ];
    for (const r of outside) expect(planRecord(r, fixing())).toEqual({ kind: 'out_of_scope' });
  });

  it('fixes a city or a county the same way, each alone', () => {
    expect(
      planRecord(
        record({ zip: '60601', city: 'Boston', state: 'WI' }),
        fixing({ healthClass: 'city_not_accepted' }),
      ),
    ).toMatchObject({ kind: 'charge', properties: { city: 'Chicago' } });
    expect(
      planRecord(
        record({ zip: '60601', city: 'Chicago', county: 'DuPage County' }),
        fixing({ healthClass: 'county_not_zips' }),
      ),
    ).toMatchObject({ kind: 'charge', properties: { county: 'Cook County' } });
  });

  it('stays in the job when an earlier run charged it, though its landed write put it out of the class', () => {
    expect(planRecord(record({ zip: '60601', state: 'IL' }), fixing({ resumed: true }))).toMatchObject({
      kind: 'charge',
      writes: [{ field: 'state', value: 'IL' }],
    });
  });
});

describe('the dry run', () => {
  it('adds up exactly: in scope = would fill + nothing to update + would fail by reason; credits = would fill', () => {
    const records = [
      record({ zip: '02128', city: null }, '1'),
      record({ zip: '02128', city: 'Boston', state: 'MA' }, '2'),
      record({ zip: '99999' }, '3'),
      record({ zip: 'n/a' }, '4'),
      record({ zip: '02128', city: 'Hand Typed', state: '' }, '5'),
    ];
    const tally = records.reduce((t, r) => tallyRecord(t, planRecord(r, context())), emptyTally());
    expect(tally).toEqual({
      recordsInScope: 5,
      creditsNeeded: 2,
      nothingToUpdate: 1,
      failures: { zip_not_found: 1, invalid_zip_format: 1 },
      outOfScope: 0,
    });
    const failing = Object.values(tally.failures).reduce((sum, n) => sum + (n ?? 0), 0);
    expect(tally.creditsNeeded + tally.nothingToUpdate + failing).toBe(tally.recordsInScope);
  });

  it('counts the records out of scope apart, in none of the parts', () => {
    expect(tallyRecord(emptyTally(), { kind: 'out_of_scope' })).toEqual({ ...emptyTally(), outOfScope: 1 });
  });

  it('covers as many expected successes as the balance pays for', () => {
    expect(recordsCovered(300, 120)).toBe(120);
    expect(recordsCovered(80, 120)).toBe(80);
  });
});
