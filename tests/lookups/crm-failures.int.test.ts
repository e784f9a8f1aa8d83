import { describe, expect, it } from 'vitest';
import { signUp } from '../support/app';
import type { CrmStandIn } from '../support/crm-stand-in';
import { behaviourBackends } from '../support/databases';
import { deliver, zipChange } from '../support/hubspot-webhook';
import { everyMode, FULL_CONFIG, freshPortalId } from '../support/portals';
import { foldBalance, ofType, lookupAppForSuite, waitForOutcomes, type LookupApp } from './helpers';

// The waiting on 429 and the retry budget on 5xx live in the CRM client; these run through the
// test client (tests/support/crm-client.ts) until the HubSpot connection's client replaces it.
describe.each(behaviourBackends)('lookups when the CRM misbehaves, on $name', (backend) => {
  let crm: CrmStandIn;
  let app: LookupApp;

  lookupAppForSuite(backend, (started) => ({ crm, app } = started), { attempts: 3, backoffMs: 10 });

  async function connectedUser() {
    const user = await signUp(app.baseUrl);
    const portalId = freshPortalId();
    app.portals.connect(portalId, user.userId);
    return { user, portalId };
  }

  it('waits out a 429 by its Retry-After and then fills the record', async () => {
    const { user, portalId } = await connectedUser();
    crm.answer([{ status: 429, headers: { 'Retry-After': '1' } }]);
    await deliver(app.baseUrl, [zipChange(portalId, 11, '94105')]);

    const stream = await waitForOutcomes(app.test.store, user.userId, 1);
    expect(ofType(stream, 'LookupSucceeded')).toMatchObject([{ objectId: '11' }]);
    const calls = crm.updateCalls.filter((c) => c.portalId === portalId);
    expect(calls.map((c) => c.status)).toEqual([429, 200]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(950);
    expect(crm.recordOf(portalId, 'contact', '11')).toMatchObject({ city: 'San Francisco', state: 'CA' });
    expect(foldBalance(stream).balance).toBe(49);
  });

  it('fails the lookup as crm_update_failed and gives the credit back when the CRM answers 500 until the retries are spent', async () => {
    const { user, portalId } = await connectedUser();
    crm.answer([{ status: 500 }, { status: 500 }, { status: 500 }]);
    await deliver(app.baseUrl, [zipChange(portalId, 12, '94105')]);

    const stream = await waitForOutcomes(app.test.store, user.userId, 1);
    expect(ofType(stream, 'LookupFailed')).toMatchObject([{ reason: 'crm_update_failed', refunded: true }]);
    expect(ofType(stream, 'LookupSucceeded')).toHaveLength(0);
    expect(foldBalance(stream).balance).toBe(50);
    expect(crm.updateCalls.filter((c) => c.portalId === portalId).map((c) => c.status)).toEqual([
      500, 500, 500,
    ]);
    expect(crm.writesFor(portalId)).toHaveLength(0);
  });

  it('keeps the values people entered, fills the rest, and charges nothing when nothing is left to update', async () => {
    const { user, portalId } = await connectedUser();
    app.portals.connect(portalId, user.userId, {
      ...FULL_CONFIG,
      contact: {
        ...FULL_CONFIG.contact,
        modes: everyMode('keep_entered'),
      },
    });
    crm.seed(portalId, 'contact', '21', { city: 'Manhattan' });
    crm.seed(portalId, 'contact', '22', {
      city: 'Manhattan',
      state: 'NY',
      county: 'New York County',
      country: 'US',
      hs_timezone: 'us_slash_eastern',
    });
    await deliver(app.baseUrl, [zipChange(portalId, 21, '10001'), zipChange(portalId, 22, '10001')]);

    const stream = await waitForOutcomes(app.test.store, user.userId, 2);
    expect(crm.recordOf(portalId, 'contact', '21')).toMatchObject({
      city: 'Manhattan',
      state: 'NY',
      country: 'US',
    });
    expect(ofType(stream, 'LookupFailed')).toMatchObject([
      { objectId: '22', reason: 'already_filled', refunded: true },
    ]);
    expect(foldBalance(stream).balance).toBe(49);
  });

  it('fails bad codes and unmapped portals without charging or writing', async () => {
    const { user, portalId } = await connectedUser();
    app.portals.connect(portalId, user.userId, {
      ...FULL_CONFIG,
      company: { ...FULL_CONFIG.company, city: '', state: '', county: '', country: '' },
    });
    await deliver(app.baseUrl, [
      zipChange(portalId, 31, '1001'),
      zipChange(portalId, 32, '00000'),
      zipChange(portalId, 33, '10001', { subscriptionType: 'company.propertyChange' }),
      zipChange(portalId, 34, 'M5V 3L9'),
    ]);

    const stream = await waitForOutcomes(app.test.store, user.userId, 4);
    const reasons = Object.fromEntries(ofType(stream, 'LookupFailed').map((f) => [f.objectId, f.reason]));
    expect(reasons).toEqual({
      '31': 'invalid_zip_format',
      '32': 'zip_not_found',
      '33': 'portal_not_configured',
    });
    expect(ofType(stream, 'LookupCharged')).toHaveLength(1);
    expect(crm.writesFor(portalId).map((w) => [w.id, w.properties])).toEqual([
      ['34', { state: 'ON', county: 'UTC-05:00', country: 'CA', hs_timezone: 'america_slash_toronto' }],
    ]);
    expect(foldBalance(stream).balance).toBe(49);
  });

  it('does not look up the change our own write causes', async () => {
    const { user, portalId } = await connectedUser();
    const answer = await deliver(app.baseUrl, [
      zipChange(portalId, 41, '10001', { changeSource: 'INTEGRATION', sourceId: '4242' }),
    ]);
    expect(answer).toMatchObject({ status: 200, body: { recorded: 0, skipped: 1 } });
    expect(ofType(await app.test.store.readStream(`credits-${user.userId}`), 'LookupCharged')).toHaveLength(
      0,
    );
  });
});
