import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalStream } from '../../domain/portals/decider';
import { call, signUp, TEST_PASSWORD, type RunningApp, startApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { connectionsOf, connectSandboxPortal, followCallback, sandboxPass } from '../support/sandbox-hubspot';

/** The state of the install URL the dashboard would open for this session. */
async function installState(baseUrl: string, token: string): Promise<string> {
  const { body } = await call(baseUrl, '/api/auth/hubspot-install-url', { token });
  return new URL((body as { installUrl: string }).installUrl).searchParams.get('state') ?? '';
}

const recordsPage = async (baseUrl: string, pass: string, query = '') =>
  (await fetch(`${baseUrl}/sandbox/hubspot/records${query}`, { headers: { cookie: pass } })).status;

async function postRecord(baseUrl: string, pass: string, fields: Record<string, string>) {
  const response = await fetch(`${baseUrl}/sandbox/hubspot/records`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: pass },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return response.status;
}

for (const backend of behaviourBackends) {
  describe(`a deleted account admits no one, on ${backend.name}`, () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startApp(backend);
    });
    afterAll(async () => app?.close());

    const deleteAccount = (token: string) =>
      call(app.baseUrl, '/api/auth/account', { method: 'DELETE', token, body: { password: TEST_PASSWORD } });
    const sandbox = () => app.system.sandboxCrm!.store;
    /** Completes a consent for `portalId` with `state`, as HubSpot's redirect would; answers the dashboard address. */
    const callback = async (state: string, portalId: string) => {
      const url = new URL(`${app.baseUrl}/api/hubspot/oauth/callback`);
      url.search = new URLSearchParams({ code: await sandbox().issueCode(portalId), state }).toString();
      return followCallback(url.toString());
    };

    it('an OAuth state issued before the deletion connects nothing and charges no one', async () => {
      const user = await signUp(app.baseUrl);
      const state = await installState(app.baseUrl, user.token);
      const stranger = await signUp(app.baseUrl);
      const portalId = await sandbox().createPortal(stranger.userId);

      expect((await deleteAccount(user.token)).status).toBe(200);
      const dashboard = await callback(state, portalId);

      expect(dashboard).toContain('hubspot_connected=false');
      const { state: portal } = await app.system.hubspot.portals.load(portalStream(portalId));
      expect(portal.status).toBe('never');
    });

    it('a state issued before signing out still connects a portal for the same, live account', async () => {
      const user = await signUp(app.baseUrl);
      const state = await installState(app.baseUrl, user.token);
      expect(
        (await call(app.baseUrl, '/api/auth/logout', { method: 'POST', token: user.token })).status,
      ).toBe(204);
      const portalId = await sandbox().createPortal(user.userId);

      expect(await callback(state, portalId)).toContain('hubspot_connected=true');
      const signIn = await call(app.baseUrl, '/api/auth/login', {
        body: { email: user.email, password: TEST_PASSWORD },
      });
      const { token } = signIn.body as { token: string };
      expect((await connectionsOf(app.baseUrl, token)).map((c) => c.portal_id)).toEqual([portalId]);
    });

    it('a sandbox pass dies with the account, and its sandbox portals are erased, records included', async () => {
      const user = await signUp(app.baseUrl);
      await connectSandboxPortal(app.baseUrl, user.token);
      const portalId = (await connectionsOf(app.baseUrl, user.token))[0]!.portal_id;
      const pass = await sandboxPass(app.baseUrl, user.token);
      const contact = {
        portalId,
        type: 'contacts',
        firstname: 'Ada',
        email: 'ada@example.com',
        zip: '94105',
      };
      expect(await postRecord(app.baseUrl, pass, contact)).toBe(303);
      expect(await sandbox().countRecords(portalId, 'contacts')).toBe(1);

      expect((await deleteAccount(user.token)).status).toBe(200);

      expect(await recordsPage(app.baseUrl, pass, `?portalId=${portalId}`)).toBe(401);
      expect(await postRecord(app.baseUrl, pass, contact)).toBe(401);
      expect(await sandbox().countRecords(portalId, 'contacts')).toBe(0);
      expect(await sandbox().portal(portalId)).toBeUndefined();
    });

    it('a sandbox pass ends with the session it was issued under; another session’s pass still opens', async () => {
      const user = await signUp(app.baseUrl);
      await connectSandboxPortal(app.baseUrl, user.token);
      const pass = await sandboxPass(app.baseUrl, user.token);
      expect(await recordsPage(app.baseUrl, pass)).toBe(200);

      expect(
        (await call(app.baseUrl, '/api/auth/logout', { method: 'POST', token: user.token })).status,
      ).toBe(204);

      expect(await recordsPage(app.baseUrl, pass)).toBe(401);
      const again = await call(app.baseUrl, '/api/auth/login', {
        body: { email: user.email, password: TEST_PASSWORD },
      });
      const otherPass = await sandboxPass(app.baseUrl, (again.body as { token: string }).token);
      expect(await recordsPage(app.baseUrl, otherPass)).toBe(200);
    });
  });
}
