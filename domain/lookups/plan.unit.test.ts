import { describe, expect, it } from 'vitest';
import type { ContactMapping, PortalMapping } from '../portals/config';
import { NOTHING_MAPPED } from '../portals/test-mappings';
import { latestPerRecord, planLookup, planLookups, type LookupPortal, type ZipChange } from './plan';
import type { Location, ParsedPostalCode } from './postal-code';
import { PLACES } from './test-places';

const { newYork } = PLACES;
const guamMilitary: Location = { city: 'APO', state: 'AP', county: null, country: 'US', timezone: null };
const table: Record<string, Location> = { '10001': newYork, '96201': guamMilitary };
const resolve = (code: ParsedPostalCode) => (code.kind === 'us' ? table[code.zip] : undefined);

const nothingMapped: ContactMapping = {
  ...NOTHING_MAPPED.contact,
  modes: { ...NOTHING_MAPPED.contact.modes, state: 'always_overwrite' },
};
const config: PortalMapping = {
  ...NOTHING_MAPPED,
  contact: { ...nothingMapped, city: 'city', state: 'state' },
};
const portal: LookupPortal = { userId: 'u1', zipProperty: { contact: 'zip', company: 'zip' }, config };

let seq = 0n;
const change = (over: Partial<ZipChange> = {}): ZipChange => ({
  lookupId: `l${++seq}`,
  portalId: '123',
  objectType: 'contact',
  objectId: '901',
  propertyName: 'zip',
  zip: '10001',
  occurredAt: 1_000,
  seq,
  ...over,
});
const plan = (c: ZipChange, p: LookupPortal | undefined = portal, isLatest = true) =>
  planLookup(c, p, isLatest, resolve);

describe('planning a lookup', () => {
  it('ignores a change from a portal no account has connected', () => {
    expect(planLookup(change(), undefined, true, resolve)).toEqual({
      kind: 'ignore',
      reason: 'portal_not_connected',
      detail: 'No account has this portal connected',
    });
  });

  it('ignores a change of a property that is not the portal’s ZIP property', () => {
    expect(plan(change({ propertyName: 'city' }))).toMatchObject({
      kind: 'ignore',
      reason: 'not_zip_property',
    });
    const elsewhere = { ...portal, zipProperty: { contact: 'postal_code', company: 'zip' } };
    expect(plan(change(), elsewhere)).toMatchObject({ kind: 'ignore', reason: 'not_zip_property' });
  });

  it('looks up a ZIP that names no property (a workflow’s input) whatever the portal’s ZIP property is', () => {
    const elsewhere = { ...portal, zipProperty: { contact: 'postal_code', company: 'zip' } };
    expect(plan(change({ propertyName: null }), elsewhere)).toMatchObject({ kind: 'charge' });
  });

  it('ignores a change that a later change of the same record supersedes', () => {
    expect(plan(change(), portal, false)).toMatchObject({ kind: 'ignore', reason: 'superseded' });
  });

  it('ignores a superseded change rather than failing it, whatever its value', () => {
    expect(plan(change({ zip: 'not a zip' }), portal, false)).toMatchObject({ kind: 'ignore' });
  });

  it('fails without a charge as crm_auth_failed when HubSpot revoked the portal’s access, whatever the ZIP', () => {
    const revoked = { ...portal, accessRevoked: true };
    for (const c of [change(), change({ zip: 'not a zip' }), change({ objectType: 'company' })])
      expect(plan(c, revoked)).toMatchObject({ kind: 'fail', userId: 'u1', reason: 'crm_auth_failed' });
  });

  it('still ignores what is not the revoked portal’s business: other properties and superseded changes', () => {
    const revoked = { ...portal, accessRevoked: true };
    expect(plan(change({ propertyName: 'city' }), revoked)).toMatchObject({ kind: 'ignore' });
    expect(plan(change(), revoked, false)).toMatchObject({ kind: 'ignore' });
  });

  it('fails without a charge as portal_not_configured when the object type’s mapping writes nothing', () => {
    expect(plan(change({ objectType: 'company' }))).toEqual({
      kind: 'fail',
      userId: 'u1',
      reason: 'portal_not_configured',
      detail: 'No company fields are mapped',
    });
  });

  it('looks up a contact whose mapping only sets the timezone', () => {
    const timezoneOnly = {
      ...portal,
      config: { ...config, contact: { ...nothingMapped, updateTimezone: true } },
    };
    expect(plan(change(), timezoneOnly)).toMatchObject({
      kind: 'charge',
      writes: [
        {
          field: 'timezone',
          property: 'hs_timezone',
          value: 'america_slash_new_york',
          mode: 'keep_entered',
        },
      ],
    });
  });

  it('fails without a charge as invalid_zip_format when the value is not a ZIP or postal code', () => {
    expect(plan(change({ zip: '1234' }))).toEqual({
      kind: 'fail',
      userId: 'u1',
      reason: 'invalid_zip_format',
      detail: '"1234" is not a ZIP code',
    });
  });

  it('fails without a charge as zip_not_found when the table does not know the code', () => {
    expect(plan(change({ zip: '00000' }))).toEqual({
      kind: 'fail',
      userId: 'u1',
      reason: 'zip_not_found',
      detail: '00000 is not in the table',
    });
  });

  it('fails without a charge as zip_not_found when the table has no value for any mapped field', () => {
    const countyOnly = { ...portal, config: { ...config, contact: { ...nothingMapped, county: 'county' } } };
    expect(plan(change({ zip: '96201' }), countyOnly)).toMatchObject({
      kind: 'fail',
      reason: 'zip_not_found',
      detail: 'No value for the mapped fields of 96201',
    });
  });

  it('charges the portal’s owner for a known ZIP and names the values to write, each in its field’s mode', () => {
    expect(plan(change())).toEqual({
      kind: 'charge',
      userId: 'u1',
      portal,
      writes: [
        { field: 'city', property: 'city', value: 'New York', mode: 'keep_entered' },
        { field: 'state', property: 'state', value: 'NY', mode: 'always_overwrite' },
      ],
      acceptedCities: ['New York'],
      location: newYork,
    });
  });

  it('never writes over the ZIP property, even for a mapping saved before it was refused as a target', () => {
    const toZip: LookupPortal = {
      ...portal,
      config: { ...config, contact: { ...config.contact, city: 'zip' } },
    };
    expect(plan(change(), toZip)).toMatchObject({
      kind: 'charge',
      writes: [{ field: 'state', property: 'state', value: 'NY', mode: 'always_overwrite' }],
    });
  });

  it('looks up a ZIP+4 by its first five digits', () => {
    expect(plan(change({ zip: ' 10001-0042 ' }))).toMatchObject({ kind: 'charge' });
    expect(plan(change({ zip: '100010042' }))).toMatchObject({ kind: 'charge' });
  });

  it('names every city the ZIP is known by, the USPS-preferred one first', () => {
    const camarillo: Location = { ...newYork, city: 'Camarillo', otherCities: ['Santa Rosa Valley'] };
    expect(planLookup(change(), portal, true, () => camarillo)).toMatchObject({
      kind: 'charge',
      acceptedCities: ['Camarillo', 'Santa Rosa Valley'],
    });
  });
});

describe('which change of a record is looked up', () => {
  it('looks up only the latest change of each record', () => {
    const earlier = change({ occurredAt: 1_000 });
    const later = change({ occurredAt: 2_000 });
    const otherRecord = change({ objectId: '902', occurredAt: 500 });
    expect(latestPerRecord([later, earlier, otherRecord])).toEqual(
      new Set([later.lookupId, otherRecord.lookupId]),
    );
  });

  it('takes the change that reached us last when two happened at the same moment', () => {
    const first = change();
    const second = change();
    expect(latestPerRecord([second, first])).toEqual(new Set([second.lookupId]));
  });

  it('tells records apart by portal and object type as well as by id', () => {
    const contact = change();
    const company = change({ objectType: 'company' });
    const otherPortal = change({ portalId: '456' });
    expect(latestPerRecord([contact, company, otherPortal]).size).toBe(3);
  });

  it('plans a batch against each change’s portal, ignoring the superseded ones', () => {
    const earlier = change({ occurredAt: 1_000 });
    const later = change({ occurredAt: 2_000 });
    const unknownPortal = change({ portalId: '999', objectId: '903' });
    const plans = planLookups(
      [earlier, later, unknownPortal],
      (id) => (id === '123' ? portal : undefined),
      resolve,
    );
    expect(
      plans.map(({ change: c, plan: p }) => [c.lookupId, p.kind, p.kind === 'ignore' ? p.reason : p.userId]),
    ).toEqual([
      [earlier.lookupId, 'ignore', 'superseded'],
      [later.lookupId, 'charge', 'u1'],
      [unknownPortal.lookupId, 'ignore', 'portal_not_connected'],
    ]);
  });
});
