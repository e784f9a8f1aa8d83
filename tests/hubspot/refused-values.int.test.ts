import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UsageChartAnswer } from '../../api/lookups/contract';
import { call, freshEmail, signUp, type RunningApp, type SignedUp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { startBackfillApp, runJob } from '../backfill/helpers';
import { contactOf, seedContacts, userWithPortal } from '../support/sandbox-portal';
import { creditsEvents, foldBalance, ofType, topUp, waitForOutcomes, waitUntil } from '../lookups/helpers';

/** What HubSpot's 400 for a value its "letters only" rule refuses becomes, for the person reading it. */
const REFUSED_CITY = 'HubSpot refused the value for City: Enter only letters';

/** Every batch update the service sent the sandbox CRM: the record ids and HubSpot's answer. */
interface BatchUpdate {
  portalId: string;
  ids: string[];
  status: number;
}

/** Watches the service's own batch updates (it calls the sandbox through fetch, in this process). */
function watchBatchUpdates(calls: BatchUpdate[]) {
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (/\/sandbox\/hubspot\/crm\/objects\/2026-03\/contacts\/batch\/update$/.test(new URL(url).pathname)) {
      const { inputs } = JSON.parse(String(init?.body)) as { inputs: { id: string }[] };
      const token = new Headers(init?.headers).get('authorization') ?? '';
      calls.push({ portalId: token, ids: inputs.map((i) => i.id), status: response.status });
    }
    return response;
  };
  return () => {
    globalThis.fetch = original;
  };
}

/** How many times each record was written by a batch HubSpot accepted. */
function acceptedWrites(calls: readonly BatchUpdate[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of calls.filter((c) => c.status === 200))
    for (const id of c.ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

describe.each(behaviourBackends)('a value HubSpot refuses fails only its own record, on $name', (backend) => {
  let app: RunningApp;
  let admin: SignedUp;
  let calls: BatchUpdate[];
  let unwatch: () => void;

  beforeAll(async () => {
    const adminEmail = freshEmail('admin');
    app = await startBackfillApp(backend, { pageSize: 100, env: { ADMIN_EMAILS: adminEmail } });
    admin = await signUp(app.baseUrl, adminEmail);
  });
  afterAll(async () => app?.close());
  beforeEach(() => {
    calls = [];
    unwatch = watchBatchUpdates(calls);
  });
  afterEach(() => unwatch());

  /** A user whose portal's admin made City "letters only" in HubSpot. */
  async function userWithLettersOnlyCity() {
    const user = await userWithPortal(app);
    await app.system.sandboxCrm!.store.validationRules.set(user.portalId, 'contacts', {
      propertyName: 'city',
      ruleType: 'ALPHANUMERIC',
      ruleArguments: ['ALPHA_ONLY'],
    });
    return user;
  }

  async function requestLogMessages(text: string): Promise<string[]> {
    await app.system.requestLogs.flush();
    const { body } = await call(app.baseUrl, `/api/logs/admin/logs?search=${encodeURIComponent(text)}`, {
      token: admin.token,
    });
    const entries = (body as { logs: { requestId: string | null }[] }).logs;
    const steps = await Promise.all(
      entries
        .filter((e) => e.requestId)
        .map(async (e) => {
          const timeline = await call(app.baseUrl, `/api/logs/admin/logs/request/${e.requestId}`, {
            token: admin.token,
          });
          return (timeline.body as { logs: { message: string }[] }).logs.map((l) => l.message);
        }),
    );
    return steps.flat();
  }

  async function usageOf(token: string) {
    const usage = await call(app.baseUrl, '/api/auth/usage-chart-data', { token });
    return (usage.body as UsageChartAnswer).data;
  }

  it('fills and charges 7 records of a webhook batch of 8 whose one Winston-Salem city a rule refuses; that one fails as crm_validation_failed, free, in words in usage and the request log', async () => {
    const user = await userWithLettersOnlyCity();
    const zips = ['10001', '60601', '27101', '94105', '30301', '73301', '98101', '02134'];
    const ids = await seedContacts(
      app.system.database,
      user.portalId,
      zips.map((zip) => ({ zip })),
    );
    const sandbox = app.system.sandboxCrm!;
    const status = await sandbox.webhooks.send(
      ids.map((id, i) => sandbox.webhooks.zipChanged(user.portalId, 'contacts', id, zips[i]!)),
    );
    expect(status).toBe(200);

    const events = await waitForOutcomes(app.system.store, user.userId, 8);
    expect(ofType(events, 'LookupSucceeded')).toHaveLength(7);
    expect(ofType(events, 'LookupFailed')).toEqual([
      expect.objectContaining({ objectId: ids[2], reason: 'crm_validation_failed', detail: REFUSED_CITY }),
    ]);
    expect(foldBalance(events).balance).toBe(50 - 7);
    expect((await contactOf(app.system.database, user.portalId, ids[2]!))?.city).toBeUndefined();
    expect(await contactOf(app.system.database, user.portalId, ids[0]!)).toMatchObject({ city: 'New York' });

    const written = acceptedWrites(calls);
    expect(ids.filter((id) => id !== ids[2]).map((id) => written.get(id))).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(written.has(ids[2]!)).toBe(false);

    await waitUntil(async () => {
      const days = await usageOf(user.token);
      return days.reduce((n, d) => n + (d.failure_reasons.crm_validation_failed ?? 0), 0) === 1;
    });
    const days = await usageOf(user.token);
    expect(days.reduce((n, d) => n + d.successful_lookups, 0)).toBe(7);
    expect(days.flatMap((d) => Object.entries(d.refused_values ?? {}))).toEqual([[REFUSED_CITY, 1]]);
    expect(await requestLogMessages(`portal ${user.portalId}`)).toContainEqual(
      expect.stringContaining(`crm_validation_failed): ${REFUSED_CITY}`),
    );
  });

  it('writes the 99 good records of a backfill page of 100 once each, finding the refused one in 14 extra batch updates', async () => {
    const user = await userWithLettersOnlyCity();
    await topUp(app.system, user.userId, 100);
    const zips = Array.from({ length: 100 }, (_, i) =>
      i === 0 ? '27101' : ['10001', '60601', '94105'][i % 3]!,
    );
    const ids = await seedContacts(
      app.system.database,
      user.portalId,
      zips.map((zip) => ({ zip })),
    );
    const job = await runJob(app, user, { objectType: 'contact', scope: 'all' });
    expect(job.progress).toMatchObject({
      done: 100,
      succeeded: 99,
      failed: 1,
      failuresByReason: { crm_validation_failed: 1 },
      creditsSpent: 99,
    });
    const events = await creditsEvents(app.system.store, user.userId);
    expect(ofType(events, 'LookupFailed')).toEqual([
      expect.objectContaining({ objectId: ids[0], reason: 'crm_validation_failed', detail: REFUSED_CITY }),
    ]);
    expect(foldBalance(events).balance).toBe(150 - 99);

    const mine = calls.filter((c) => c.ids.some((id) => ids.includes(id)));
    // One refused batch of 100, then halving: 7 levels, two batches each.
    expect(mine).toHaveLength(1 + 14);
    const written = acceptedWrites(mine);
    expect(ids.slice(1).every((id) => written.get(id) === 1)).toBe(true);
    expect(written.has(ids[0]!)).toBe(false);
  });

  it('isolates a record a "required when another property has a value" rule refuses', async () => {
    const user = await userWithPortal(app);
    // County is not mapped: a record with a state and no county is refused, as HubSpot would.
    await app.system.sandboxCrm!.store.validationRules.set(user.portalId, 'contacts', {
      propertyName: 'county',
      ruleType: 'REQUIRED_WHEN',
      ruleArguments: ['state'],
    });
    const ids = await seedContacts(app.system.database, user.portalId, [
      { zip: '10001', county: 'New York County' },
      { zip: '60601' },
    ]);
    const sandbox = app.system.sandboxCrm!;
    await sandbox.webhooks.send([
      sandbox.webhooks.zipChanged(user.portalId, 'contacts', ids[0]!, '10001'),
      sandbox.webhooks.zipChanged(user.portalId, 'contacts', ids[1]!, '60601'),
    ]);
    const events = await waitForOutcomes(app.system.store, user.userId, 2);
    expect(ofType(events, 'LookupSucceeded').map((s) => s.objectId)).toEqual([ids[0]]);
    expect(ofType(events, 'LookupFailed')).toEqual([
      expect.objectContaining({
        objectId: ids[1],
        reason: 'crm_validation_failed',
        detail: 'HubSpot refused the value for County: Required when State/Region has a value',
      }),
    ]);
  });
});
