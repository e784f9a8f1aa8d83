import { describe, expect, it } from 'vitest';
import { zipTable } from '../../api/adapters/geocoder/zip-table';
import { creditUsageOf } from '../../projections/credits/queries';
import { lookupStatuses } from '../../projections/lookups/queries';
import { call, signUp } from '../support/app';
import type { CrmStandIn } from '../support/crm-stand-in';
import { backends } from '../support/databases';
import { kurrentdbBackend, kurrentdbBackendOf } from '../support/kurrentdb/backend';
import { deliver, zipChange } from '../support/hubspot-webhook';
import { freshPortalId } from '../support/portals';
import { foldBalance, ofType, lookupAppForSuite, topUp, waitForOutcomes, type LookupApp } from './helpers';

const chunks = <T>(items: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

describe.each([...backends, kurrentdbBackend])('lookups from HubSpot webhooks on $name', (backend) => {
  let crm: CrmStandIn;
  let app: LookupApp;

  lookupAppForSuite(backend, (started) => ({ crm, app } = started));

  it('charges exactly the credits a user holds when 1,000 ZIPs arrive at once, and fails the rest as insufficient_credits', async () => {
    const user = await signUp(app.baseUrl);
    await topUp(app.system, user.userId, 250); // 50 from sign-up: 300 in all
    const portalId = freshPortalId();
    app.portals.connect(portalId, user.userId);
    const events = Array.from({ length: 1000 }, (_, i) => zipChange(portalId, 5000 + i, '10001'));

    const deliveries = await Promise.all(chunks(events, 100).map((batch) => deliver(app.baseUrl, batch)));
    expect(deliveries.map((d) => d.status)).toEqual(Array(10).fill(200));

    const stream = await waitForOutcomes(app.test.store, user.userId, 1000);
    expect(ofType(stream, 'LookupCharged')).toHaveLength(300);
    expect(ofType(stream, 'LookupSucceeded')).toHaveLength(300);
    const failed = ofType(stream, 'LookupFailed');
    expect(failed).toHaveLength(700);
    expect(failed.every((f) => f.reason === 'insufficient_credits' && !f.refunded)).toBe(true);
    expect(foldBalance(stream)).toEqual({ balance: 0, lowest: 0 });

    const writes = crm.writesFor(portalId);
    expect(writes).toHaveLength(300);
    expect(new Set(writes.map((w) => w.id)).size).toBe(300);
    const place = zipTable().resolve({ kind: 'us', zip: '10001' })!;
    expect(writes[0]!.properties).toEqual({
      city: 'New York',
      state: 'NY',
      county: place.county,
      country: 'US',
      hs_timezone: 'america_slash_new_york',
    });
    const succeeded = new Set(ofType(stream, 'LookupSucceeded').map((s) => s.objectId));
    expect(writes.every((w) => succeeded.has(w.id))).toBe(true);

    // On PostgreSQL an event becomes readable only once older transactions on the server end, so
    // wait for the read model itself rather than for the projections to look idle.
    await expect
      .poll(() => creditUsageOf(app.system.readModels, user.userId), { timeout: 20_000, interval: 50 })
      .toEqual({ balance: 0, creditsUsed: 300, failedAttempts: 700, nothingToUpdate: 0 });
    // The usage chart is a read model of its own, which may apply the same events a moment later.
    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(
        () =>
          call(app.baseUrl, `/api/auth/usage-chart-data?startDate=${today}&endDate=${today}`, {
            token: user.token,
          }),
        { timeout: 20_000, interval: 100 },
      )
      .toMatchObject({
        status: 200,
        body: {
          data: [
            {
              date: today,
              successful_lookups: 300,
              failed_lookups: 700,
              failure_reasons: { insufficient_credits: 700 },
            },
          ],
        },
      });
  });

  it('charges and writes each event once when HubSpot delivers the same batch five times', async () => {
    const user = await signUp(app.baseUrl);
    await topUp(app.system, user.userId, 100);
    const portalId = freshPortalId();
    app.portals.connect(portalId, user.userId);
    const batch = Array.from({ length: 100 }, (_, i) => zipChange(portalId, 7000 + i, '60601'));

    const first = await Promise.all(Array.from({ length: 4 }, () => deliver(app.baseUrl, batch)));
    await waitForOutcomes(app.test.store, user.userId, 100);
    const late = await deliver(
      app.baseUrl,
      batch.map((e) => ({ ...e, attemptNumber: 1 }) as typeof e),
    );
    const answers = [...first, late];
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const recorded = answers.reduce((n, a) => n + (a.body as { recorded: number }).recorded, 0);
    expect(recorded).toBe(100);

    await new Promise((r) => setTimeout(r, 500));
    const stream = await waitForOutcomes(app.test.store, user.userId, 100);
    expect(ofType(stream, 'LookupCharged')).toHaveLength(100);
    expect(ofType(stream, 'LookupSucceeded')).toHaveLength(100);
    expect(ofType(stream, 'LookupFailed')).toHaveLength(0);
    expect(crm.writesFor(portalId)).toHaveLength(100);
    expect(foldBalance(stream).balance).toBe(50);
  });

  it('records with each lookup the version of the ZIP table that resolved it', async () => {
    const user = await signUp(app.baseUrl);
    const portalId = freshPortalId();
    app.portals.connect(portalId, user.userId);
    await deliver(app.baseUrl, [zipChange(portalId, 1, '57501'), zipChange(portalId, 2, '00000')]);

    const stream = await waitForOutcomes(app.test.store, user.userId, 2);
    const version = zipTable().version;
    expect(ofType(stream, 'LookupCharged').map((e) => e.zipDataVersion)).toEqual([version]);
    expect(ofType(stream, 'LookupSucceeded').map((e) => e.zipDataVersion)).toEqual([version]);
    expect(ofType(stream, 'LookupFailed')).toMatchObject([
      { reason: 'zip_not_found', zipDataVersion: version },
    ]);
  });

  it('records a change on a portal nobody has connected as ignored and charges no one', async () => {
    const portalId = freshPortalId();
    const answer = await deliver(app.baseUrl, [zipChange(portalId, 1, '10001')]);
    expect(answer).toMatchObject({ status: 200, body: { recorded: 1 } });
    let statuses: Awaited<ReturnType<typeof lookupStatuses>> = [];
    for (let i = 0; i < 200 && statuses[0]?.status !== 'ignored'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      await app.system.runner.settled();
      statuses = await lookupStatuses(app.system.readModels, portalId);
    }
    expect(statuses).toMatchObject([{ status: 'ignored', reason: 'portal_not_connected', userId: null }]);
    expect(crm.writesFor(portalId)).toHaveLength(0);
  });
});

describe('lookups when KurrentDB loses the answer to one append in ten after committing it and fails over', () => {
  let crm: CrmStandIn;
  let app: LookupApp;
  lookupAppForSuite(
    kurrentdbBackendOf({ loseEveryNthAnswer: 10, deadlineMs: 1_000, failoverEveryMs: 250 }),
    (started) => ({ crm, app } = started),
  );

  it('charges every lookup exactly once and writes each record once', async () => {
    const user = await signUp(app.baseUrl);
    await topUp(app.system, user.userId, 50); // 100 in all
    const portalId = freshPortalId();
    app.portals.connect(portalId, user.userId);
    const events = Array.from({ length: 120 }, (_, i) => zipChange(portalId, 9000 + i, '94105'));
    for (const batch of chunks(events, 10)) expect((await deliver(app.baseUrl, batch)).status).toBe(200);

    const stream = await waitForOutcomes(app.test.store, user.userId, 120);
    const charged = ofType(stream, 'LookupCharged');
    expect(charged).toHaveLength(100);
    expect(new Set(charged.map((c) => c.lookupId)).size).toBe(100);
    expect(ofType(stream, 'LookupSucceeded')).toHaveLength(100);
    expect(ofType(stream, 'LookupFailed').every((f) => f.reason === 'insufficient_credits')).toBe(true);
    expect(foldBalance(stream)).toEqual({ balance: 0, lowest: 0 });
    const writes = crm.writesFor(portalId);
    expect(new Set(writes.map((w) => w.id)).size).toBe(100);
  }, 120_000);
});
