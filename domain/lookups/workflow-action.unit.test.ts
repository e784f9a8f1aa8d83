import { describe, expect, it } from 'vitest';
import { NOTHING_MAPPED as nothingMapped } from '../portals/test-mappings';
import type { LookupPortal, ZipChange } from './plan';
import type { ParsedPostalCode } from './postal-code';
import { PLACES } from './test-places';
import { planWorkflowLookup, workflowLookupIdOf, workflowOutputs } from './workflow-action';

const { newYork, toronto } = PLACES;
const resolve = (code: ParsedPostalCode) =>
  code.kind === 'us'
    ? code.zip === '10001'
      ? newYork
      : undefined
    : code.fsa === 'M5V'
      ? toronto
      : undefined;

const portal: LookupPortal = {
  userId: 'u1',
  zipProperty: { contact: 'zip', company: 'zip' },
  config: nothingMapped,
};

const execution = (zip: string): ZipChange & { propertyName: null } => ({
  lookupId: workflowLookupIdOf('123', 'ap-123-456-7-0'),
  portalId: '123',
  objectType: 'contact',
  objectId: '901',
  propertyName: null,
  zip,
  occurredAt: 1_000,
  seq: 0n,
});

describe('a workflow action’s lookup', () => {
  it('is one lookup per execution: a retry of the same callback is the same lookup', () => {
    expect(workflowLookupIdOf('123', 'ap-123-456-7-0')).toBe(workflowLookupIdOf('123', 'ap-123-456-7-0'));
    expect(workflowLookupIdOf('123', 'ap-123-456-7-0')).not.toBe(workflowLookupIdOf('123', 'ap-123-456-7-1'));
  });

  it('charges a found ZIP without any mapping when only the outputs are wanted, writing nothing', () => {
    expect(planWorkflowLookup(execution('10001'), portal, false, resolve)).toEqual({
      kind: 'charge',
      userId: 'u1',
      portal,
      writes: [],
      acceptedCities: ['New York'],
      location: newYork,
    });
  });

  it('fails without a charge when the input is not a ZIP or the table does not know it', () => {
    expect(planWorkflowLookup(execution('hello'), portal, false, resolve)).toMatchObject({
      kind: 'fail',
      reason: 'invalid_zip_format',
    });
    expect(planWorkflowLookup(execution('00000'), portal, false, resolve)).toMatchObject({
      kind: 'fail',
      reason: 'zip_not_found',
    });
  });

  it('is planned as a webhook’s change when it also writes the mapped properties: nothing mapped fails as portal_not_configured', () => {
    expect(planWorkflowLookup(execution('10001'), portal, true, resolve)).toMatchObject({
      kind: 'fail',
      reason: 'portal_not_configured',
    });
    const mapped = {
      ...portal,
      config: { ...nothingMapped, contact: { ...nothingMapped.contact, city: 'city' } },
    };
    expect(planWorkflowLookup(execution('10001'), mapped, true, resolve)).toMatchObject({
      kind: 'charge',
      writes: [{ field: 'city', property: 'city', value: 'New York', mode: 'keep_entered' }],
    });
  });

  it('fails uncharged as crm_auth_failed when HubSpot revoked the portal’s access, outputs wanted or not', () => {
    const revoked = { ...portal, accessRevoked: true };
    expect(planWorkflowLookup(execution('10001'), revoked, false, resolve)).toMatchObject({
      kind: 'fail',
      reason: 'crm_auth_failed',
    });
  });

  it('is ignored when nobody has the portal connected: there is nobody to charge', () => {
    expect(planWorkflowLookup(execution('10001'), undefined, false, resolve)).toMatchObject({
      kind: 'ignore',
      reason: 'portal_not_connected',
    });
  });
});

describe('a workflow action’s outputs', () => {
  it('give the location and "filled" on success, an area’s missing city empty', () => {
    expect(workflowOutputs(toronto, 'filled')).toEqual({
      city: '',
      state: 'ON',
      county: 'UTC-05:00',
      country: 'CA',
      timezone: 'America/Toronto',
      other_cities: '',
      counties: '',
      outcome: 'filled',
    });
  });

  it('give a ZIP’s other accepted city names and every county it spans with its share, the written one first', () => {
    const { windowRock } = PLACES;
    expect(workflowOutputs(windowRock, 'filled')).toMatchObject({
      county: 'Apache County',
      other_cities: 'Fort Defiance; St Michaels',
      counties: 'Apache County, AZ (11.86%); McKinley County, NM (88.14%)',
    });
    expect(workflowOutputs(newYork, 'filled')).toMatchObject({ counties: 'New York County, NY (100%)' });
  });

  it('give only the outcome on a failure, so no location is handed out without its credit', () => {
    expect(workflowOutputs(newYork, 'insufficient_credits')).toEqual({
      city: '',
      state: '',
      county: '',
      country: '',
      timezone: '',
      other_cities: '',
      counties: '',
      outcome: 'insufficient_credits',
    });
  });
});
