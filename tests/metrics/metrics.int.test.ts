import { describe, expect, it } from 'vitest';
import { signUp, startApp } from '../support/app';
import { behaviourBackends, pgliteBackend } from '../support/databases';
import { deliver, zipChange } from '../support/hubspot-webhook';
import {
  lookupsMoved,
  movedBetween,
  observations,
  scrape,
  TEST_METRICS_TOKEN,
  total,
} from '../support/metrics';
import { freshPortalId } from '../support/portals';
import { creditsStream, type CreditsCommand } from '../../domain/credits/decider';
import type { LookupRef, LookupSource } from '../../domain/lookups/events';
import { lookupAppForSuite, topUp, waitForOutcomes, type LookupApp } from '../lookups/helpers';

describe('GET /metrics is never public', () => {
  it(
    'answers 404 while METRICS_TOKEN is unset, and 401 without the right bearer token once it is set',
    { timeout: 120_000 },
    async () => {
      const off = await startApp(pgliteBackend);
      const on = await startApp(pgliteBackend, { METRICS_TOKEN: TEST_METRICS_TOKEN });
      try {
        expect((await fetch(`${off.baseUrl}/metrics`)).status).toBe(404);
        const offWithToken = await fetch(`${off.baseUrl}/metrics`, {
          headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
        });
        expect(offWithToken.status).toBe(404);

        const anonymous = await fetch(`${on.baseUrl}/metrics`);
        expect(anonymous.status).toBe(401);
        expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
        const wrong = await fetch(`${on.baseUrl}/metrics`, {
          headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}x` },
        });
        expect(wrong.status).toBe(401);
        const right = await fetch(`${on.baseUrl}/metrics`, {
          headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
        });
        expect(right.status).toBe(200);
        expect(right.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      } finally {
        await off.close();
        await on.close();
      }
    },
  );
});

describe("PGlite's busy seconds", () => {
  it('moves with the statements the service runs', { timeout: 120_000 }, async () => {
    const app = await startApp(pgliteBackend, { METRICS_TOKEN: TEST_METRICS_TOKEN });
    try {
      const before = await scrape(app.baseUrl);
      for (let i = 0; i < 3; i++) await signUp(app.baseUrl);
      const after = await scrape(app.baseUrl);
      // Bounded by the time the thread has been open: api/db/pglite-dialect.int.test.ts.
      expect(total(after, 'zipfill_pglite_busy_seconds_total')).toBeGreaterThan(
        total(before, 'zipfill_pglite_busy_seconds_total'),
      );
    } finally {
      await app.close();
    }
  });
});

describe.each(behaviourBackends)('GET /metrics on $name', (backend) => {
  let app: LookupApp;

  lookupAppForSuite(backend, (started) => ({ app } = started), {}, { METRICS_TOKEN: TEST_METRICS_TOKEN });

  it('parses as Prometheus text and moves by exactly what lookups, credits and webhooks did', async () => {
    const before = await scrape(app.baseUrl);
    for (const name of [
      'zipfill_projection_lag_events',
      'zipfill_lookup_queue_depth',
      'zipfill_log_lines_dropped',
      'zipfill_process_cpu_seconds_total',
    ])
      expect(before.families.map((f) => f.name)).toContain(name);
    // PostgreSQL reports its own load; only the embedded database's thread is counted here.
    expect(before.families.some((f) => f.name === 'zipfill_pglite_busy_seconds_total')).toBe(
      backend === pgliteBackend,
    );

    const user = await signUp(app.baseUrl);
    await topUp(app.system, user.userId, 2); // 50 from sign-up: 52 in all
    const portalId = freshPortalId();
    app.portals.connect(portalId, user.userId);
    const events = Array.from({ length: 60 }, (_, i) => zipChange(portalId, 7000 + i, '10001'));
    expect((await deliver(app.baseUrl, events.slice(0, 30))).status).toBe(200);
    expect((await deliver(app.baseUrl, events.slice(30))).status).toBe(200);
    expect((await deliver(app.baseUrl, events.slice(0, 1), { secret: 'not-the-secret' })).status).toBe(401);
    await waitForOutcomes(app.test.store, user.userId, 60);

    const after = await scrape(app.baseUrl);
    const moved = movedBetween(before, after);
    expect(moved('zipfill_lookup_requests_total', { source: 'webhook' })).toBe(60);
    expect(lookupsMoved(before, after, 'webhook')).toEqual({ success: 52, 'failed/insufficient_credits': 8 });
    expect(moved('zipfill_credits_spent_total')).toBe(52);
    expect(moved('zipfill_credits_granted_total', { source: 'signup' })).toBe(50);
    expect(moved('zipfill_credits_granted_total', { source: 'admin_adjustment' })).toBe(2);
    expect(moved('zipfill_webhook_deliveries_total', { result: 'accepted' })).toBe(2);
    expect(moved('zipfill_webhook_deliveries_total', { result: 'invalid_signature' })).toBe(1);
    expect(observations(after, 'zipfill_lookup_stage_seconds', { stage: 'queued' })).toBeGreaterThanOrEqual(
      60,
    );
    expect(
      observations(after, 'zipfill_lookup_stage_seconds', { stage: 'end_to_end' }),
    ).toBeGreaterThanOrEqual(52);
    for (const stage of ['charge', 'crm_write', 'record'])
      expect(observations(after, 'zipfill_lookup_stage_seconds', { stage })).toBeGreaterThan(0);
    expect(
      observations(after, 'zipfill_http_request_duration_seconds', {
        method: 'POST',
        route: '/api/hubspot/webhook',
        status: '2xx',
      }) -
        observations(before, 'zipfill_http_request_duration_seconds', {
          method: 'POST',
          route: '/api/hubspot/webhook',
          status: '2xx',
        }),
    ).toBe(2);
    await expect
      .poll(async () => total(await scrape(app.baseUrl), 'zipfill_lookup_queue_depth'), { timeout: 20_000 })
      .toBe(0);
  });

  it("counts a workflow action's and a backfill job's lookups under their own source", async () => {
    const user = await signUp(app.baseUrl);
    const before = await scrape(app.baseUrl);
    const at = new Date().toISOString();
    const lookup = (source: LookupSource, n: number): LookupRef => ({
      lookupId: `${source}-${user.userId}-${n}`,
      source,
      portalId: freshPortalId(),
      objectType: 'contact',
      objectId: String(n),
      zip: '10001',
      requestedAt: at,
    });
    const credits = (command: CreditsCommand) =>
      app.system.accounts.credits.handle(creditsStream(user.userId), command);
    for (const [source, n] of [
      ['workflow', 1],
      ['workflow', 2],
      ['backfill', 3],
    ] as const) {
      await credits({ type: 'ChargeLookup', lookup: lookup(source, n), at });
      await credits({
        type: 'CompleteLookup',
        lookup: lookup(source, n),
        filled: { city: 'New York' },
        before: { city: '' },
        at,
      });
    }
    await credits({ type: 'ChargeLookup', lookup: lookup('backfill', 4), at });
    await credits({
      type: 'FailLookup',
      lookup: lookup('backfill', 4),
      reason: 'crm_record_not_found',
      detail: 'the record was deleted',
      at,
    });

    const after = await scrape(app.baseUrl);
    expect(lookupsMoved(before, after, 'workflow')).toEqual({ success: 2 });
    expect(lookupsMoved(before, after, 'backfill')).toEqual({ success: 1, 'failed/crm_record_not_found': 1 });
    expect(lookupsMoved(before, after, 'webhook')).toEqual({});
  });
});
