import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignedUserPass } from '../../api/portals/secrets';
import { call, signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import {
  connectionsOf,
  connectPortalOfAnotherUser,
  connectSandboxPortal,
  followCallback,
} from '../support/sandbox-hubspot';

for (const backend of behaviourBackends) {
  describe(`HubSpot connection (sandbox) on ${backend.name}`, () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startApp(backend);
    });
    afterAll(async () => app?.close());

    it('builds an install URL with the scopes, the callback and a signed state', async () => {
      const { token } = await signUp(app.baseUrl);
      const { status, body } = await call(app.baseUrl, '/api/auth/hubspot-install-url', { token });
      expect(status).toBe(200);
      const url = new URL((body as { installUrl: string }).installUrl);
      expect(`${url.origin}${url.pathname}`).toBe(`${app.baseUrl}/sandbox/hubspot/oauth/authorize`);
      expect(url.searchParams.get('redirect_uri')).toBe(`${app.baseUrl}/api/hubspot/oauth/callback`);
      expect(url.searchParams.get('scope')?.split(' ').sort()).toEqual([
        'crm.objects.companies.read',
        'crm.objects.companies.write',
        'crm.objects.contacts.read',
        'crm.objects.contacts.write',
        'crm.schemas.companies.read',
        'crm.schemas.contacts.read',
        'oauth',
      ]);
      expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
    });

    it('connects a sandbox portal through consent and callback, lists it, and calls a second connect a refresh', async () => {
      const { token } = await signUp(app.baseUrl);
      const first = await connectSandboxPortal(app.baseUrl, token);
      expect(first.consentPage).toContain('Connect sandbox portal');
      expect(first.dashboard).toBe('/dashboard?hubspot_connected=true');
      const [connection, ...others] = await connectionsOf(app.baseUrl, token);
      expect(others).toEqual([]);
      expect(connection).toEqual({
        id: connection!.portal_id,
        portal_id: expect.stringMatching(/^\d{8}$/),
        created_at: expect.any(String),
        state: 'connected',
        access_revoked_at: null,
      });
      const again = await connectSandboxPortal(app.baseUrl, token, connection!.portal_id);
      expect(again.dashboard).toBe('/dashboard?hubspot_connected=true&reconnected=true');
      expect(await connectionsOf(app.baseUrl, token)).toEqual([connection]);
    });

    it('refuses a forged state and an expired one with hubspot_connected=false, connecting nothing', async () => {
      const { token, userId } = await signUp(app.baseUrl);
      const callback = `${app.baseUrl}/api/hubspot/oauth/callback`;
      const forged = new SignedUserPass('a key that is not the service key, 32+ chars').issue(
        userId,
        new Date(),
      );
      expect(await followCallback(`${callback}?code=anything&state=${forged}`)).toBe(
        '/dashboard?hubspot_connected=false',
      );
      const key = app.system.settings.tokenEncryptionKey;
      expect(key).toBeUndefined(); // sandbox mode: the generated key lives in the database
      const stored = await app.system.database.db
        .selectFrom('app_secrets' as never)
        .select('value' as never)
        .where('name' as never, '=', 'token_encryption_key' as never)
        .executeTakeFirstOrThrow();
      const expired = new SignedUserPass((stored as { value: string }).value, 1000).issue(
        userId,
        new Date(Date.now() - 60_000),
      );
      expect(await followCallback(`${callback}?code=anything&state=${expired}`)).toBe(
        '/dashboard?hubspot_connected=false',
      );
      expect(await followCallback(`${callback}?error=access_denied`)).toBe(
        '/dashboard?hubspot_connected=false',
      );
      expect(await connectionsOf(app.baseUrl, token)).toEqual([]);
    });

    it('keeps no token in the clear: hubspot_tokens holds only ciphertext', async () => {
      const { token } = await signUp(app.baseUrl);
      await connectSandboxPortal(app.baseUrl, token);
      const [connection] = await connectionsOf(app.baseUrl, token);
      const row = (await app.system.database.db
        .selectFrom('hubspot_tokens' as never)
        .selectAll()
        .where('portal_id' as never, '=', connection!.portal_id as never)
        .executeTakeFirstOrThrow()) as { access_token: string; refresh_token: string };
      const accessToken = await app.system.hubspot.tokens.accessToken(connection!.portal_id);
      expect(accessToken).toMatch(/^access-/);
      expect(row.access_token).toMatch(/^v1:/);
      expect(row.refresh_token).toMatch(/^v1:/);
      const dump = JSON.stringify(row);
      expect(dump).not.toContain(accessToken);
      expect(dump).not.toMatch(/access-|refresh-/);
    });

    it('deletes the user’s own connection and its tokens, and answers 404 for anyone else’s', async () => {
      const owner = await signUp(app.baseUrl);
      const stranger = await signUp(app.baseUrl);
      await connectSandboxPortal(app.baseUrl, owner.token);
      const [connection] = await connectionsOf(app.baseUrl, owner.token);
      const path = `/api/auth/hubspot-connection/${connection!.id}`;
      const theirs = await call(app.baseUrl, path, { method: 'DELETE', token: stranger.token });
      expect(theirs.status).toBe(404);
      expect(await connectionsOf(app.baseUrl, owner.token)).toHaveLength(1);
      const stored = (await app.system.database.db
        .selectFrom('hubspot_tokens' as never)
        .select('refresh_token' as never)
        .where('portal_id' as never, '=', connection!.portal_id as never)
        .executeTakeFirstOrThrow()) as { refresh_token: string };
      const mine = await call(app.baseUrl, path, { method: 'DELETE', token: owner.token });
      expect(mine.status).toBe(200);
      expect(await connectionsOf(app.baseUrl, owner.token)).toEqual([]);
      const tokens = await app.system.database.db
        .selectFrom('hubspot_tokens' as never)
        .selectAll()
        .where('portal_id' as never, '=', connection!.portal_id as never)
        .execute();
      expect(tokens).toEqual([]);
      const refreshToken = app.system.hubspot.tokenCipher.decrypt(stored.refresh_token);
      const refreshed = await app.system.hubspot.oauth.refresh(refreshToken).catch((e: Error) => e);
      expect(refreshed).toBeInstanceOf(Error); // revoked at the CRM, not only forgotten here
      expect((await call(app.baseUrl, path, { method: 'DELETE', token: owner.token })).status).toBe(404);
    });

    it('moves a portal to the account that connects it and drops it from the previous owner’s list', async () => {
      const alice = await signUp(app.baseUrl);
      const bob = await signUp(app.baseUrl);
      await connectSandboxPortal(app.baseUrl, alice.token);
      const [portal] = await connectionsOf(app.baseUrl, alice.token);
      const taken = await connectPortalOfAnotherUser(app, bob.token, portal!.portal_id);
      expect(taken).toBe('/dashboard?hubspot_connected=true');
      expect((await connectionsOf(app.baseUrl, bob.token)).map((c) => c.portal_id)).toEqual([
        portal!.portal_id,
      ]);
      expect(await connectionsOf(app.baseUrl, alice.token)).toEqual([]);
      expect(await app.system.hubspot.directory.route(portal!.portal_id)).toMatchObject({
        userId: bob.userId,
      });
    });

    it('asks for a session on every connection call', async () => {
      for (const path of ['/api/auth/hubspot-install-url', '/api/auth/hubspot-connections']) {
        expect((await call(app.baseUrl, path)).status).toBe(401);
      }
    });
  });
}
