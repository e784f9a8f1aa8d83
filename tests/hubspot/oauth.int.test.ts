import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HUBSPOT_PATHS } from '../../api/adapters/hubspot/api-version';
import { HubSpotOAuthClient } from '../../api/adapters/hubspot/oauth';
import { HubSpotTokens } from '../../api/adapters/hubspot/tokens';
import type { Database } from '../../api/db/database';
import { operationalDb } from '../../api/db/operational';
import { TokenCipher } from '../../api/portals/secrets';
import { call, signUp, startApp, TEST_PASSWORD, type RunningApp } from '../support/app';
import {
  behaviourBackends,
  pgliteBackend,
  testDatabaseUrl,
  twoProcessesForSuite,
} from '../support/databases';
import { watchHubSpotCalls, type HubSpotCall } from '../support/hubspot-calls';
import { callRetiredApi } from '../support/retired-hubspot-apis';
import { connectionsOf, connectSandboxPortal } from '../support/sandbox-hubspot';

const FORM = 'application/x-www-form-urlencoded;charset=utf-8';
const oauthCalls = (calls: readonly HubSpotCall[]) => calls.filter((c) => c.path.startsWith('/oauth/'));
const fields = (c: HubSpotCall) => Object.fromEntries(new URLSearchParams(c.body));

describe.each(behaviourBackends)(
  'HubSpot OAuth on the 2026-03 API, against the sandbox, on $name',
  (backend) => {
    let app: RunningApp;
    let calls: HubSpotCall[];
    let unwatch: () => void;

    beforeAll(async () => {
      app = await startApp(backend);
    });
    afterAll(async () => app?.close());
    beforeEach(() => {
      calls = [];
      unwatch = watchHubSpotCalls(calls);
    });
    afterEach(() => unwatch());

    async function connected() {
      const user = await signUp(app.baseUrl);
      await connectSandboxPortal(app.baseUrl, user.token);
      const portalId = (await connectionsOf(app.baseUrl, user.token)).at(-1)!.portal_id;
      return { ...user, portalId };
    }

    /** What the sandbox's introspection says of a token, asked as the app would. */
    async function introspect(token: string, hint: 'access_token' | 'refresh_token') {
      const response = await fetch(`${app.baseUrl}/sandbox/hubspot${HUBSPOT_PATHS.introspect}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: app.system.settings.hubspot.clientId,
          client_secret: app.system.hubspot.clientSecret,
          token,
          token_type_hint: hint,
        }),
      });
      return (await response.json()) as Record<string, unknown>;
    }

    it('connects with the code exchanged on POST /oauth/2026-03/token (form-encoded, credentials in the body) and the portal read from introspection', async () => {
      const { portalId } = await connected();
      const oauth = oauthCalls(calls).filter((c) => c.path !== '/oauth/authorize');
      expect(oauth.map((c) => `${c.method} ${c.path}${c.query}`)).toEqual([
        'POST /oauth/2026-03/token',
        'POST /oauth/2026-03/token/introspect',
      ]);
      expect(oauth.every((c) => c.contentType === FORM)).toBe(true);
      expect(fields(oauth[0]!)).toMatchObject({
        grant_type: 'authorization_code',
        client_id: app.system.settings.hubspot.clientId,
        client_secret: app.system.hubspot.clientSecret,
      });
      const introspected = fields(oauth[1]!);
      expect(introspected).toMatchObject({ token_type_hint: 'access_token' });
      expect(await introspect(introspected.token!, 'access_token')).toMatchObject({
        active: true,
        hub_id: Number(portalId),
        token_use: 'access_token',
      });
    });

    it('refreshes on POST /oauth/2026-03/token and uses the access_token and expires_in it answers', async () => {
      const { portalId } = await connected();
      const { tokens } = app.system.hubspot;
      const before = await tokens.accessToken(portalId);
      calls.length = 0;
      const after = await tokens.refresh(portalId, before);
      expect(after).not.toBe(before);
      expect(oauthCalls(calls).map((c) => [c.path, fields(c).grant_type])).toEqual([
        ['/oauth/2026-03/token', 'refresh_token'],
      ]);
      expect(await introspect(after, 'access_token')).toMatchObject({
        active: true,
        hub_id: Number(portalId),
      });
      expect((await introspect(after, 'access_token')).expires_in).toBeGreaterThan(1700);
    });

    it('takes an RFC 6749 invalid_grant on refresh as the portal’s access revoked', async () => {
      const { portalId } = await connected();
      const { tokens, oauth } = app.system.hubspot;
      const current = await tokens.accessToken(portalId);
      await app.system.sandboxCrm!.store.uninstall(portalId);
      const refused = await fetch(`${app.baseUrl}/sandbox/hubspot${HUBSPOT_PATHS.token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: 'refresh-unknown',
          client_id: app.system.settings.hubspot.clientId,
          client_secret: app.system.hubspot.clientSecret,
        }),
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: 'invalid_grant',
        error_description: expect.any(String),
      });
      await expect(oauth.refresh('refresh-unknown')).rejects.toMatchObject({ name: 'RefreshTokenRefused' });
      await expect(tokens.refresh(portalId, current)).rejects.toMatchObject({ reason: 'crm_auth_failed' });
      expect(await app.system.hubspot.directory.route(portalId)).toMatchObject({ accessRevoked: true });
    });

    it('revokes the refresh token on POST /oauth/2026-03/token/revoke when the connection is deleted', async () => {
      const user = await connected();
      calls.length = 0;
      const deleted = await call(app.baseUrl, `/api/auth/hubspot-connection/${user.portalId}`, {
        method: 'DELETE',
        token: user.token,
      });
      expect(deleted.status).toBe(200);
      const [revoke, ...others] = oauthCalls(calls);
      expect(others).toEqual([]);
      expect(revoke).toMatchObject({
        method: 'POST',
        path: '/oauth/2026-03/token/revoke',
        contentType: FORM,
      });
      expect(fields(revoke!)).toMatchObject({ token_type_hint: 'refresh_token' });
      expect(await introspect(fields(revoke!).token!, 'refresh_token')).toEqual({ active: false });
    });

    it('revokes the refresh token on POST /oauth/2026-03/token/revoke when the account is deleted', async () => {
      const user = await connected();
      calls.length = 0;
      const deleted = await call(app.baseUrl, '/api/auth/account', {
        method: 'DELETE',
        token: user.token,
        body: { password: TEST_PASSWORD },
      });
      expect(deleted.status).toBe(200);
      const revokes = oauthCalls(calls).filter((c) => c.path === '/oauth/2026-03/token/revoke');
      expect(revokes).toHaveLength(1);
      expect(await introspect(fields(revokes[0]!).token!, 'refresh_token')).toEqual({ active: false });
    });

    it('refuses a token request that is not form-encoded or carries parameters in the URL, as the 2026-03 API does', async () => {
      const url = `${app.baseUrl}/sandbox/hubspot${HUBSPOT_PATHS.token}`;
      const credentials = {
        grant_type: 'refresh_token',
        refresh_token: 'r',
        client_id: app.system.settings.hubspot.clientId,
        client_secret: app.system.hubspot.clientSecret,
      };
      const asJson = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      });
      expect(asJson.status).toBe(400);
      expect(await asJson.json()).toMatchObject({ error: 'invalid_request' });
      const inUrl = await fetch(`${url}?${new URLSearchParams(credentials).toString()}`, { method: 'POST' });
      expect(inUrl.status).toBe(400);
    });

    it('answers the numbered OAuth and CRM paths 404 with HubSpot’s error body, as a retired API', async () => {
      const { portalId } = await connected();
      const token = await app.system.hubspot.tokens.accessToken(portalId);
      for (const [method, path] of [
        ['POST', '/oauth/v1/token'],
        ['GET', `/oauth/v1/access-tokens/${token}`],
        ['DELETE', '/oauth/v1/refresh-tokens/whatever'],
        ['POST', '/crm/v3/objects/contacts/batch/update'],
        ['POST', '/crm/v3/objects/contacts/search'],
        ['GET', '/crm/v3/properties/contacts'],
        ['GET', '/crm/v3/property-validations/0-1'],
      ] as const) {
        const response = await callRetiredApi(`${app.baseUrl}/sandbox/hubspot${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          ...(method === 'POST' ? { body: '{"inputs":[]}' } : {}),
        });
        expect(response.status, path).toBe(404);
        expect(await response.json()).toMatchObject({
          status: 'error',
          category: 'OBJECT_NOT_FOUND',
          message: expect.stringContaining('retired'),
          correlationId: expect.any(String),
        });
      }
    });
  },
);

describe.runIf(testDatabaseUrl)('two processes refreshing one portal at once, against the sandbox', () => {
  let sandbox: RunningApp;
  let processes: Database[];
  const cipher = new TokenCipher('k'.repeat(40));

  beforeAll(async () => {
    sandbox = await startApp(pgliteBackend);
  });
  afterAll(async () => sandbox?.close());
  twoProcessesForSuite((started) => (processes = started));

  it('asks POST /oauth/2026-03/token once, and both processes use the one new token', async () => {
    const store = sandbox.system.sandboxCrm!.store;
    const portalId = await store.createPortal('owner-of-test-portal');
    const issued = await store.issueTokens(portalId);
    const oauth = () =>
      new HubSpotOAuthClient({
        apiBase: `${sandbox.baseUrl}/sandbox/hubspot`,
        clientId: sandbox.system.settings.hubspot.clientId,
        clientSecret: sandbox.system.hubspot.clientSecret,
      });
    const tokensOf = (db: Database) => new HubSpotTokens(operationalDb(db), cipher, oauth(), undefined, true);
    await tokensOf(processes[0]!).save(portalId, {
      accessToken: issued.access_token,
      refreshToken: issued.refresh_token,
      expiresIn: issued.expires_in,
    });
    const calls: HubSpotCall[] = [];
    const unwatch = watchHubSpotCalls(calls);
    try {
      const fresh = await Promise.all(
        processes.map((db) => tokensOf(db).refresh(portalId, issued.access_token)),
      );
      expect(calls.filter((c) => c.path === '/oauth/2026-03/token')).toHaveLength(1);
      expect(fresh[0]).not.toBe(issued.access_token);
      expect(fresh[1]).toBe(fresh[0]);
    } finally {
      unwatch();
    }
  });
});
