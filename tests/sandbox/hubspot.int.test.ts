import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPortalOwnersBackfill } from '../../api/db/operational-migrations/2026_11_26_0004_sandbox_portal_owners_backfill';
import { verifyV3 } from '../../api/portals/signature';
import { call, signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { connectionsOf, connectSandboxPortal, sandboxPass } from '../support/sandbox-hubspot';

interface Delivery {
  body: string;
  signature: string;
  timestamp: string;
}

/** Stands where the app's webhook would be, keeping what the sandbox CRM delivered. */
async function webhookReceiver() {
  const deliveries: Delivery[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      deliveries.push({
        body,
        signature: String(req.headers['x-hubspot-signature-v3']),
        timestamp: String(req.headers['x-hubspot-request-timestamp']),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/hubspot/webhook`;
  return { url, deliveries, close: () => new Promise((r) => server.close(r)) };
}

/** Posts the records page's form as the browser holding `pass` would; answers the raw response. */
async function postRecord(baseUrl: string, pass: string | undefined, fields: Record<string, string>) {
  const response = await fetch(`${baseUrl}/sandbox/hubspot/records`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(pass ? { cookie: pass } : {}),
    },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

const recordsPage = async (baseUrl: string, pass: string | undefined, query: string) => {
  const response = await fetch(`${baseUrl}/sandbox/hubspot/records${query}`, {
    headers: pass ? { cookie: pass } : {},
  });
  return { status: response.status, text: await response.text() };
};

for (const backend of behaviourBackends) {
  describe(`sandbox CRM on ${backend.name}`, () => {
    let app: RunningApp;
    let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
    let portalId: string;
    let pass: string;
    let ownerToken: string;
    const saveRecord = async (baseUrl: string, fields: Record<string, string>) => {
      const { location } = await postRecord(baseUrl, pass, fields);
      return new URL(location!, baseUrl);
    };
    /** Saves a record as a person does on the records page; answers the id it got. */
    const savedRecordId = async (fields: Record<string, string>) =>
      (await saveRecord(app.baseUrl, fields)).searchParams.get('saved')!.split(':')[1]!;
    beforeAll(async () => {
      receiver = await webhookReceiver();
      app = await startApp(backend, {}, { sandboxWebhookUrl: receiver.url });
      const { token } = await signUp(app.baseUrl);
      ownerToken = token;
      await connectSandboxPortal(app.baseUrl, token);
      portalId = (await connectionsOf(app.baseUrl, token))[0]!.portal_id;
      pass = await sandboxPass(app.baseUrl, token);
    });
    afterAll(async () => {
      await app?.close();
      await receiver?.close();
    });

    it('sends a HubSpot-signed zip propertyChange webhook when a person creates a contact with a ZIP', async () => {
      const before = receiver.deliveries.length;
      const back = await saveRecord(app.baseUrl, {
        portalId,
        type: 'contacts',
        firstname: 'Ada',
        zip: '10001',
      });
      expect(back.searchParams.get('notice')).toBe('webhook');
      const [delivery] = receiver.deliveries.slice(before);
      expect(
        verifyV3(
          app.system.hubspot.clientSecret,
          {
            method: 'POST',
            uri: receiver.url,
            body: delivery!.body,
            timestamp: delivery!.timestamp,
            signature: delivery!.signature,
          },
          Date.now(),
        ),
      ).toEqual({ ok: true });
      expect(Math.abs(Number(delivery!.timestamp) - Date.now())).toBeLessThan(10_000);
      const recordId = back.searchParams.get('saved')!.split(':')[1];
      expect(JSON.parse(delivery!.body)).toEqual([
        {
          eventId: expect.any(Number),
          subscriptionId: expect.any(Number),
          portalId: Number(portalId),
          appId: Number(app.system.settings.hubspot.appId),
          occurredAt: expect.any(Number),
          subscriptionType: 'contact.propertyChange',
          attemptNumber: 0,
          objectId: Number(recordId),
          changeSource: 'CRM_UI',
          propertyName: 'zip',
          propertyValue: '10001',
        },
      ]);
    });

    it('edits every property a portal can map on its record form, and keeps what a person types there', async () => {
      const id = await savedRecordId({ portalId, type: 'contacts', firstname: 'Hand', zip: '' });
      const page = await recordsPage(app.baseUrl, pass, `?portalId=${portalId}&edit=contacts:${id}`);
      for (const name of ['city', 'state', 'county', 'country', 'hs_timezone', 'address'])
        expect(page.text).toContain(`id="contacts-${name}" name="${name}"`);
      for (const name of ['city', 'state', 'county', 'country'])
        expect(page.text).toContain(`id="companies-${name}" name="${name}"`);
      // Not offered: what a mapping can never write (read-only, calculated, a ZIP's own field twice).
      expect(page.text).not.toContain('name="full_location"');
      expect(page.text.match(/id="contacts-zip"/g)).toHaveLength(1);

      await saveRecord(app.baseUrl, {
        portalId,
        type: 'contacts',
        id,
        firstname: 'Hand',
        zip: '',
        city: 'Typed Town',
        county: 'Typed County',
        hs_timezone: 'america_slash_chicago',
      });
      const [record] = await app.system.sandboxCrm!.store.records(portalId, 'contacts', [id]);
      expect(record!.properties).toMatchObject({
        city: 'Typed Town',
        county: 'Typed County',
        hs_timezone: 'america_slash_chicago',
      });
      expect(record!.lastChangeSource).toBe('CRM_UI');
    });

    it('sends no webhook when a person saves a record without changing its ZIP', async () => {
      const id = await savedRecordId({ portalId, type: 'companies', name: 'Acme', zip: '60601' });
      const before = receiver.deliveries.length;
      const saved = await saveRecord(app.baseUrl, {
        portalId,
        type: 'companies',
        id,
        name: 'Acme Inc',
        zip: '60601',
      });
      expect(saved.searchParams.get('notice')).toBe('saved');
      expect(receiver.deliveries.length).toBe(before);
    });

    it('takes the app’s batch writes as INTEGRATION changes, sends no webhook, and shows the filled fields', async () => {
      const id = await savedRecordId({ portalId, type: 'contacts', firstname: 'Grace', zip: '10001' });
      const before = receiver.deliveries.length;
      const crm = await app.system.hubspot.client.forPortal(portalId);
      const outcomes = await crm.updateRecords('contact', [
        { id, properties: { city: 'New York', state: 'NY', hs_timezone: 'america_slash_new_york' } },
        { id: '999999999', properties: { city: 'Nowhere' } },
      ]);
      expect(outcomes.get(id)).toEqual({ ok: true });
      expect(outcomes.get('999999999')).toMatchObject({ ok: false, reason: 'crm_record_not_found' });
      expect(receiver.deliveries.length).toBe(before);
      const read = await crm.readRecords('contact', [id], ['city', 'state', 'zip', 'hs_timezone']);
      expect(read.get(id)).toEqual({
        city: 'New York',
        state: 'NY',
        zip: '10001',
        hs_timezone: 'america_slash_new_york',
      });
      const page = await recordsPage(app.baseUrl, pass, `?portalId=${portalId}`);
      expect(page.text).toContain('city: New York');
      expect(page.text).toContain('ZipFill (INTEGRATION)');
    });

    it('refuses a timezone that is not one of hs_timezone’s options, as HubSpot does', async () => {
      const id = await savedRecordId({ portalId, type: 'contacts', firstname: 'Tz', zip: '' });
      const crm = await app.system.hubspot.client.forPortal(portalId);
      const outcomes = await crm.updateRecords('contact', [
        { id, properties: { hs_timezone: 'America/New_York' } },
      ]);
      expect(outcomes.get(id)).toMatchObject({ ok: false, reason: 'crm_update_failed' });
    });

    it('maps an IANA zone onto the portal’s own hs_timezone options', async () => {
      expect(await app.system.hubspot.timezones.optionFor(portalId, 'America/New_York')).toBe(
        'america_slash_new_york',
      );
      expect(await app.system.hubspot.timezones.optionFor(portalId, 'America/Indiana/Indianapolis')).toBe(
        'america_slash_indiana_slash_indianapolis',
      );
    });

    it('shows and changes a sandbox portal only for the ZipFill user who created it', async () => {
      const other = await signUp(app.baseUrl);
      const otherPass = await sandboxPass(app.baseUrl, other.token);
      const before = receiver.deliveries.length;
      const record = { portalId, type: 'contacts', firstname: 'Mallory', zip: '10001' };

      expect(await postRecord(app.baseUrl, otherPass, record)).toMatchObject({ status: 404 });
      expect(await postRecord(app.baseUrl, undefined, record)).toMatchObject({ status: 401 });
      expect(await postRecord(app.baseUrl, `${otherPass}x`, record)).toMatchObject({ status: 401 });
      expect(receiver.deliveries.length).toBe(before); // no webhook spends the owner's credits

      expect(await recordsPage(app.baseUrl, otherPass, `?portalId=${portalId}`)).toMatchObject({
        status: 404,
      });
      expect((await recordsPage(app.baseUrl, undefined, `?portalId=${portalId}`)).status).toBe(401);
      const otherOwn = await recordsPage(app.baseUrl, otherPass, '');
      expect(otherOwn.status).toBe(200);
      expect(otherOwn.text).not.toContain(portalId);
      expect((await recordsPage(app.baseUrl, pass, '')).text).toContain(`Sandbox portal ${portalId}`);
    });

    it('forgets the pass when the user signs out, even once the session has already ended', async () => {
      const leaving = await signUp(app.baseUrl);
      await connectSandboxPortal(app.baseUrl, leaving.token);
      const theirPortal = (await connectionsOf(app.baseUrl, leaving.token))[0]!.portal_id;
      const issued = await fetch(`${app.baseUrl}/api/auth/sandbox-crm-pass`, {
        method: 'POST',
        headers: { authorization: `Bearer ${leaving.token}` },
      });
      const issuedCookie = issued.headers.get('set-cookie')!;
      const theirPass = issuedCookie.split(';')[0]!;
      expect((await recordsPage(app.baseUrl, theirPass, `?portalId=${theirPortal}`)).status).toBe(200);
      expect(
        (await call(app.baseUrl, '/api/auth/logout', { method: 'POST', token: leaving.token })).status,
      ).toBe(204);

      const cleared = await fetch(`${app.baseUrl}/api/auth/sandbox-crm-pass`, { method: 'DELETE' });
      expect(cleared.status).toBe(204);
      const clearing = cleared.headers.get('set-cookie')!;
      // A browser drops a cookie whose Max-Age is 0, provided name, path and attributes match the one it holds.
      const attributes = (header: string) => header.split('; ').filter((a) => !a.startsWith('Max-Age='));
      expect(clearing).toContain('Max-Age=0');
      expect(attributes(clearing)).toEqual(['zipfill_sandbox_crm=', ...attributes(issuedCookie).slice(1)]);
      // What the browser then sends the sandbox's pages: no pass, so no user.
      expect((await recordsPage(app.baseUrl, undefined, `?portalId=${theirPortal}`)).status).toBe(401);
    });

    it('offers on the consent page only the portals of the user the OAuth state names, and refuses anyone else’s', async () => {
      const other = await signUp(app.baseUrl);
      const consentFor = async (token: string) => {
        const { body } = await call(app.baseUrl, '/api/auth/hubspot-install-url', { token });
        return new URL((body as { installUrl: string }).installUrl);
      };
      const theirs = await consentFor(other.token);
      const page = await (await fetch(theirs)).text();
      expect(page).toContain('A new sandbox portal');
      expect(page).not.toContain(portalId);
      expect(await (await fetch(await consentFor(ownerToken))).text()).toContain(`Portal ${portalId}`);

      const choose = (state: string) =>
        fetch(`${app.baseUrl}/sandbox/hubspot/oauth/authorize`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_id: theirs.searchParams.get('client_id')!,
            redirect_uri: theirs.searchParams.get('redirect_uri')!,
            state,
            portal: portalId,
          }),
          redirect: 'manual',
        });
      expect((await choose(theirs.searchParams.get('state')!)).status).toBe(404);
      expect((await choose('forged.state')).status).toBe(400);
      const withoutState = new URL(theirs);
      withoutState.searchParams.delete('state');
      expect((await fetch(withoutState)).status).toBe(400);
      expect(await connectionsOf(app.baseUrl, other.token)).toEqual([]);
    });

    it('gives a portal from before owners to the user whose connection holds it, and no one else', async () => {
      const db = app.system.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const held = await signUp(app.baseUrl);
      const at = new Date();
      for (const id of ['11110001', '11110002'])
        await db
          .insertInto('sandbox_portals')
          .values({ portal_id: id, hub_domain: `sandbox-${id}.hubspot.local`, created_at: at })
          .execute();
      await db
        .insertInto('portals')
        .values({
          portal_id: '11110001',
          user_id: held.userId,
          connected: true,
          connected_at: at,
          config: '{}',
        })
        .execute();
      await sandboxPortalOwnersBackfill.up(db);
      const owners = await db
        .selectFrom('sandbox_portals')
        .select(['portal_id', 'owner_user_id'])
        .where('portal_id', 'in', ['11110001', '11110002'])
        .orderBy('portal_id')
        .execute();
      expect(owners).toEqual([
        { portal_id: '11110001', owner_user_id: held.userId },
        { portal_id: '11110002', owner_user_id: null },
      ]);
    });

    it('answers 401 to API calls without a valid token', async () => {
      const { status } = await call(app.baseUrl, '/sandbox/hubspot/crm/properties/2026-03/contacts', {
        headers: { authorization: 'Bearer access-made-up' },
      });
      expect(status).toBe(401);
    });
  });
}
