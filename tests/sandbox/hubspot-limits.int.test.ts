import { sandboxDb } from '../../api/sandbox/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_RATE_LIMITS, SandboxRateLimits } from '../../api/sandbox/hubspot/rate-limits';
import { tokenHash } from '../../api/sandbox/hubspot/store';
import { operationalDb } from '../../api/db/operational';
import { signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { connectionsOf, connectSandboxPortal } from '../support/sandbox-hubspot';

for (const backend of behaviourBackends) {
  describe(`the sandbox CRM's rate limits on ${backend.name}`, () => {
    let app: RunningApp;
    let portalId: string;
    let accessToken: string;
    let clock = 1_000_000;
    let limits: SandboxRateLimits;
    let portals = 0;
    const nextPortal = () => String(90_000_000 + ++portals);

    beforeAll(async () => {
      app = await startApp(backend);
      const { token } = await signUp(app.baseUrl);
      await connectSandboxPortal(app.baseUrl, token);
      portalId = (await connectionsOf(app.baseUrl, token))[0]!.portal_id;
      accessToken = await app.system.hubspot.tokens.accessToken(portalId);
      limits = new SandboxRateLimits(operationalDb(app.test.database), SANDBOX_RATE_LIMITS, () => clock);
    });
    afterAll(async () => {
      await app?.close();
    });

    const admitMany = (portal: string, n: number, token = 'token', search = false) =>
      Promise.all(Array.from({ length: n }, () => limits.admit(portal, token, search)));

    it('admits 110 calls of a portal in 10 seconds and refuses the next until the oldest is 10 seconds old', async () => {
      const portal = nextPortal();
      clock = 1_000_000;
      expect(await admitMany(portal, 110)).toEqual(Array(110).fill(undefined));
      expect(await limits.admit(portal, 'token', false)).toEqual({
        policyName: 'TEN_SECONDLY_ROLLING',
        retryAfterSeconds: 10,
      });
      clock = 1_009_999;
      expect(await limits.admit(portal, 'token', false)).toMatchObject({ retryAfterSeconds: 1 });
      expect(await limits.admit(nextPortal(), 'token', false)).toBeUndefined();
      clock = 1_010_000;
      expect(await limits.admit(portal, 'token', false)).toBeUndefined();
      expect(await limits.usage(portal)).toEqual({
        requests: 113,
        refused: 2,
        mostIn10s: 112,
        mostSearchesIn1s: 0,
      });
    });

    it('admits exactly 110 of many calls arriving at once, however many connections decide them', async () => {
      const portal = nextPortal();
      clock = 2_000_000;
      const verdicts = await admitMany(portal, 120);
      expect(verdicts.filter((v) => v === undefined)).toHaveLength(110);
      expect(await limits.usage(portal)).toMatchObject({ requests: 120, refused: 10, mostIn10s: 120 });
    });

    it('admits 5 searches a second per token and refuses the sixth with SECONDLY', async () => {
      const portal = nextPortal();
      clock = 3_000_000;
      expect(await admitMany(portal, 5, 'token-a', true)).toEqual(Array(5).fill(undefined));
      expect(await limits.admit(portal, 'token-a', true)).toEqual({
        policyName: 'SECONDLY',
        retryAfterSeconds: 1,
      });
      expect(await limits.admit(portal, 'token-a', false)).toBeUndefined();
      expect(await limits.admit(portal, 'token-b', true)).toBeUndefined();
      clock = 3_001_000;
      expect(await limits.admit(portal, 'token-a', true)).toBeUndefined();
      expect((await limits.usage(portal)).mostSearchesIn1s).toBe(6);
    });

    it('answers 429 with Retry-After and HubSpot’s RATE_LIMIT body once a portal has had 110 calls in 10 seconds', async () => {
      const now = Date.now();
      await sandboxDb(operationalDb(app.test.database))
        .insertInto('sandbox_api_calls')
        .values(
          Array.from({ length: 110 }, () => ({
            portal_id: portalId,
            token_hash: tokenHash(accessToken),
            search: false,
            at_ms: now,
            refused: false,
          })),
        )
        .execute();
      const response = await fetch(`${app.baseUrl}/sandbox/hubspot/crm/properties/2026-03/contacts`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await response.json()).toMatchObject({
        status: 'error',
        errorType: 'RATE_LIMIT',
        policyName: 'TEN_SECONDLY_ROLLING',
      });
      const usage = await fetch(`${app.baseUrl}/sandbox/hubspot/api-usage`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(await usage.json()).toMatchObject({
        portalId,
        limits: { perTenSeconds: 110, searchesPerSecond: 5 },
        refused: 1,
      });
    });
  });
}
