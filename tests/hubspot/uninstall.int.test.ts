import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsStream } from '../../domain/credits/decider';
import { call, signUp, startApp, TEST_PASSWORD, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { mailTo } from '../support/mail';
import { connectionsOf, connectSandboxPortal } from '../support/sandbox-hubspot';
import {
  createSandboxContact,
  mappedSandboxPortal,
  postSandboxForm,
  type SandboxPortal,
} from '../support/sandbox-portal';
import { waitUntil } from '../lookups/helpers';

for (const backend of behaviourBackends) {
  describe(`HubSpot app uninstalled or access revoked, on ${backend.name}`, () => {
    let app: RunningApp;
    /** Token refreshes ZipFill asked the sandbox for, per portal. */
    const refreshes = new Map<string, number>();
    beforeAll(async () => {
      app = await startApp(backend);
      const { oauth, tokens } = app.system.hubspot;
      const refresh = oauth.refresh.bind(oauth);
      // Counted where ZipFill talks to the stand-in's token endpoint, per portal the refresh is for.
      const refreshFor = tokens.refresh.bind(tokens);
      let portalOfRefresh = '';
      tokens.refresh = (portalId, rejected) => {
        portalOfRefresh = portalId;
        return refreshFor(portalId, rejected);
      };
      oauth.refresh = (token) => {
        refreshes.set(portalOfRefresh, (refreshes.get(portalOfRefresh) ?? 0) + 1);
        return refresh(token);
      };
    });
    afterAll(async () => app?.close());

    const settle = async () => {
      await app.system.runner.settled();
      await app.system.lookups!.settled();
      await app.system.runner.settled();
    };
    const lookupsOf = (portalId: string) =>
      app.system.readModels
        .selectFrom('lookup_requests')
        .select(['object_id', 'status', 'reason'])
        .where('portal_id', '=', portalId)
        .execute();
    const balanceOf = async (userId: string) =>
      (await app.system.accounts.credits.load(creditsStream(userId))).state.balance;
    const lookUp = async (portal: SandboxPortal, zips: string[]) => {
      const ids: string[] = [];
      for (const zip of zips)
        ids.push(await createSandboxContact(app.baseUrl, portal, { firstname: 'Ada', zip }));
      await waitUntil(async () => {
        const rows = await lookupsOf(portal.portalId);
        return ids.every((id) => rows.some((r) => r.object_id === id && r.status !== 'pending'));
      });
      await settle();
      return (await lookupsOf(portal.portalId)).filter((r) => ids.includes(r.object_id));
    };

    it('marks the portal disconnected once HubSpot refuses its refresh token, fails its lookups as crm_auth_failed without charging or asking again, mails the owner once, and reconnecting restores it with its mapping', async () => {
      const user = await signUp(app.baseUrl);
      const portal = await mappedSandboxPortal(app.baseUrl, user.token);
      expect(await lookUp(portal, ['10001'])).toEqual([
        expect.objectContaining({ status: 'succeeded', reason: null }),
      ]);
      const balance = await balanceOf(user.userId);

      await postSandboxForm(app.baseUrl, 'uninstall', portal, {});
      const failed = await lookUp(portal, ['60601', '94105', '02134']);
      expect(failed.map((r) => [r.status, r.reason])).toEqual([
        ['failed', 'crm_auth_failed'],
        ['failed', 'crm_auth_failed'],
        ['failed', 'crm_auth_failed'],
      ]);
      expect(refreshes.get(portal.portalId)).toBe(1);
      expect(await balanceOf(user.userId)).toBe(balance);

      const [connection] = await connectionsOf(app.baseUrl, user.token);
      expect(connection).toMatchObject({
        portal_id: portal.portalId,
        state: 'access_revoked',
        access_revoked_at: expect.any(String),
      });
      // Later lookups fail at once: the route says so, HubSpot is not asked again.
      expect((await lookUp(portal, ['73301', '30301'])).map((r) => r.reason)).toEqual([
        'crm_auth_failed',
        'crm_auth_failed',
      ]);
      expect(refreshes.get(portal.portalId)).toBe(1);
      expect(await balanceOf(user.userId)).toBe(balance);

      await app.system.portalNotices.settled();
      const mails = await mailTo(app, user.email);
      expect(mails.map((m) => m.subject)).toEqual([
        `HubSpot portal ${portal.portalId} is disconnected from ZipFill`,
      ]);
      expect(mails[0]!.body).toContain(`${app.baseUrl}/dashboard`);

      const again = await connectSandboxPortal(app.baseUrl, user.token, portal.portalId);
      expect(again.dashboard).toBe('/dashboard?hubspot_connected=true&reconnected=true');
      expect(await connectionsOf(app.baseUrl, user.token)).toEqual([
        expect.objectContaining({ portal_id: portal.portalId, state: 'connected', access_revoked_at: null }),
      ]);
      const config = await call(app.baseUrl, `/api/hubspot/portal-config/${portal.portalId}`, {
        token: user.token,
      });
      expect(config.body).toMatchObject({
        contact: { city: 'city', state: 'state' },
        company: { city: 'city', state: 'state' },
      });
      expect(await lookUp(portal, ['10001'])).toEqual([expect.objectContaining({ status: 'succeeded' })]);
      expect(await balanceOf(user.userId)).toBe(balance - 1);
      await app.system.portalNotices.settled();
      expect(await mailTo(app, user.email)).toHaveLength(1);
    });

    it('sends one e-mail per loss of access: a second uninstall after a reconnect mails again', async () => {
      const user = await signUp(app.baseUrl);
      const portal = await mappedSandboxPortal(app.baseUrl, user.token);
      await lookUp(portal, ['10001']);
      for (let round = 1; round <= 2; round++) {
        await postSandboxForm(app.baseUrl, 'uninstall', portal, {});
        await lookUp(portal, ['60601', '94105']);
        await app.system.portalNotices.settled();
        expect(await mailTo(app, user.email)).toHaveLength(round);
        await connectSandboxPortal(app.baseUrl, user.token, portal.portalId);
      }
    });

    it('deletes a connection whose access was revoked, and answers 404 for configuring it meanwhile', async () => {
      const user = await signUp(app.baseUrl);
      const portal = await mappedSandboxPortal(app.baseUrl, user.token);
      await lookUp(portal, ['10001']);
      await postSandboxForm(app.baseUrl, 'uninstall', portal, {});
      await lookUp(portal, ['60601']);
      const configure = await call(app.baseUrl, `/api/hubspot/portal-config/${portal.portalId}`, {
        token: user.token,
      });
      expect(configure.status).toBe(404);
      const deleted = await call(app.baseUrl, `/api/auth/hubspot-connection/${portal.portalId}`, {
        method: 'DELETE',
        token: user.token,
      });
      expect(deleted.status).toBe(200);
      expect(await connectionsOf(app.baseUrl, user.token)).toEqual([]);
    });

    it('disconnects a portal whose access was revoked when its owner deletes their account', async () => {
      const user = await signUp(app.baseUrl);
      const portal = await mappedSandboxPortal(app.baseUrl, user.token);
      await lookUp(portal, ['10001']);
      await postSandboxForm(app.baseUrl, 'uninstall', portal, {});
      await lookUp(portal, ['60601']);
      expect(await app.system.hubspot.directory.route(portal.portalId)).toMatchObject({
        accessRevoked: true,
      });
      const deleted = await call(app.baseUrl, '/api/auth/account', {
        method: 'DELETE',
        token: user.token,
        body: { password: TEST_PASSWORD },
      });
      expect(deleted.status).toBe(200);
      expect(await app.system.hubspot.directory.route(portal.portalId)).toBeUndefined();
    });

    it('forgets a deleted connection’s tokens at once even when HubSpot cannot be reached to revoke them', async () => {
      const user = await signUp(app.baseUrl);
      const portal = await mappedSandboxPortal(app.baseUrl, user.token);
      const { oauth } = app.system.hubspot;
      const revoke = oauth.revoke;
      oauth.revoke = async () => {
        throw new TypeError('fetch failed: connect ECONNREFUSED');
      };
      try {
        const deleted = await call(app.baseUrl, `/api/auth/hubspot-connection/${portal.portalId}`, {
          method: 'DELETE',
          token: user.token,
        });
        expect(deleted.status).toBe(200);
      } finally {
        oauth.revoke = revoke;
      }
      const tokens = await app.system.database.db
        .selectFrom('hubspot_tokens' as never)
        .selectAll()
        .where('portal_id' as never, '=', portal.portalId as never)
        .execute();
      expect(tokens).toEqual([]);
      expect(await connectionsOf(app.baseUrl, user.token)).toEqual([]);
    });
  });
}
