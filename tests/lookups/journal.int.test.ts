import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry as Entry } from '../../api/log-viewer/contract';
import { call, freshEmail, signUp, type SignedUp } from '../support/app';
import { CrmStandIn } from '../support/crm-stand-in';
import { behaviourBackends } from '../support/databases';
import { deliver, zipChange } from '../support/hubspot-webhook';
import { freshPortalId } from '../support/portals';
import { startLookupApp, waitForOutcomes, type LookupApp } from './helpers';

describe.each(behaviourBackends)("the log viewer tells one lookup's story on $name", (backend) => {
  let crm: CrmStandIn;
  let app: LookupApp;
  let admin: SignedUp;

  beforeAll(async () => {
    crm = await new CrmStandIn().start();
    const adminEmail = freshEmail('admin');
    app = await startLookupApp(backend, crm, {}, { ADMIN_EMAILS: adminEmail });
    admin = await signUp(app.baseUrl, adminEmail);
  });
  afterAll(async () => {
    await app?.close();
    await crm?.close();
  });

  /** The lookup requests of one portal's webhook deliveries, grouped, as the viewer lists them. */
  async function lookupsOf(portalId: string): Promise<Entry[]> {
    await app.system.requestLogs.flush();
    const { status, body } = await call(app.baseUrl, `/api/logs/admin/logs?search=portal%20${portalId}`, {
      token: admin.token,
    });
    expect(status).toBe(200);
    return (body as { logs: Entry[] }).logs;
  }

  async function timeline(requestId: string): Promise<Entry[]> {
    const { body } = await call(app.baseUrl, `/api/logs/admin/logs/request/${requestId}`, {
      token: admin.token,
    });
    return (body as { logs: Entry[] }).logs;
  }

  it('shows a successful lookup with its user, ZIP, outcome, credits 50 to 49 and its four steps in order', async () => {
    const user = await signUp(app.baseUrl);
    const portalId = freshPortalId();
    app.portals.connect(portalId, user.userId);
    await app.system.runner.settled();
    expect((await deliver(app.baseUrl, [zipChange(portalId, 501, '10001')])).status).toBe(200);
    await waitForOutcomes(app.test.store, user.userId, 1);

    const [entry, ...others] = await lookupsOf(portalId);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      userId: user.userId,
      userEmail: user.email,
      message: expect.stringMatching(/^Lookup succeeded: ZIP 10001 filled city, state, county, country/),
      metadata: { userCreditsBefore: 50, userCreditsAfter: 49, url: '/api/hubspot/webhook' },
    });

    const steps = await timeline(entry!.requestId!);
    expect(steps.map((s) => s.metadata.step ?? s.message.split(' ').slice(0, 2).join(' '))).toEqual([
      'received',
      'POST /api/hubspot/webhook',
      'charged',
      'written',
      'recorded',
    ]);
    const [received, , charged, written, recorded] = steps;
    expect(received).toMatchObject({ metadata: { zip: '10001', portalId, objectId: '501' } });
    expect(charged).toMatchObject({
      userEmail: user.email,
      metadata: { userCreditsBefore: 50, userCreditsAfter: 49 },
    });
    expect(written!.message).toMatch(/^Wrote city, state, county, country/);
    expect(recorded).toMatchObject({ metadata: { outcome: 'success', userCreditsAfter: 49 } });
    expect(
      [received, charged, written, recorded].map((s) => `${s!.sourceFile} ${s!.sourceFunction}`),
    ).toEqual([
      'api/lookups/journal.ts LookupJournal.received',
      'api/lookups/journal.ts WaveJournal.charged',
      'api/lookups/journal.ts WaveJournal.written',
      'api/lookups/journal.ts WaveJournal.recorded',
    ]);
  });

  it('shows a failed lookup with its reason, and that it cost nothing', async () => {
    const user = await signUp(app.baseUrl);
    const portalId = freshPortalId();
    app.portals.connect(portalId, user.userId);
    // As in use, where connecting a portal takes seconds: the account's read model has the e-mail.
    await app.system.runner.settled();
    await deliver(app.baseUrl, [zipChange(portalId, 502, 'ABCDE')]);
    await waitForOutcomes(app.test.store, user.userId, 1);

    const [entry] = await lookupsOf(portalId);
    expect(entry).toMatchObject({
      level: 'warn',
      userEmail: user.email,
      message: 'Lookup failed (invalid_zip_format): "ABCDE" is not a ZIP code; not charged',
      metadata: { userCreditsBefore: 50, userCreditsAfter: 50 },
    });
    const steps = await timeline(entry!.requestId!);
    expect(steps.flatMap((s) => (s.metadata.step ? [s.metadata.step] : []))).toEqual([
      'received',
      'recorded',
    ]);
  });
});
