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

describe('the dry run', () => {
  it('counts records in scope, those the table resolves, failures by reason and the credits needed', () => {
    const records = [
      record({ zip: '02128', city: null }, '1'),
      record({ zip: '02128', city: 'Boston', state: 'MA' }, '2'),
      record({ zip: '99999' }, '3'),
      record({ zip: 'n/a' }, '4'),
    ];
    const tally = records.reduce(
      (t, r) => tallyRecord(t, r, planRecord(r, context()), context()),
      emptyTally(),
    );
    expect(tally).toEqual({
      recordsInScope: 4,
      resolvable: 2,
      failures: { already_filled: 1, zip_not_found: 1, invalid_zip_format: 1 },
      creditsNeeded: 1,
    });
  });

  it('covers as many expected successes as the balance pays for', () => {
    expect(recordsCovered(300, 120)).toBe(120);
    expect(recordsCovered(80, 120)).toBe(80);
  });
});
