import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxCrmStore } from '../../api/sandbox/hubspot/store';
import type { CrmPortalClient, CrmSearchQuery } from '../../api/portals/types';
import { signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { connectionsOf, connectSandboxPortal } from '../support/sandbox-hubspot';

const query = (q: Partial<CrmSearchQuery>): CrmSearchQuery => ({
  filterGroups: [],
  sorts: [{ propertyName: 'hs_object_id', direction: 'ASCENDING' }],
  properties: ['zip', 'city'],
  limit: 100,
  ...q,
});

/** A contact with ZIP 10001 put into a sandbox portal by SQL, as the tests seed records. */
function insertZipContact(
  db: Kysely<Record<string, Record<string, unknown>>>,
  portalId: string,
  id: string,
  createdAt: Date | string,
  updatedAt: Date,
) {
  return db
    .insertInto('sandbox_records')
    .values({
      portal_id: portalId,
      object_type: 'contacts',
      id,
      properties: JSON.stringify({ zip: '10001' }),
      last_change_source: 'CRM_UI',
      created_at: createdAt,
      updated_at: updatedAt,
    })
    .execute();
}

for (const backend of behaviourBackends) {
  describe(`the sandbox CRM's search API on ${backend.name}`, () => {
    let app: RunningApp;
    let store: SandboxCrmStore;
    let crm: CrmPortalClient;
    let portalId: string;
    let accessToken: string;
    /** The contacts of the portal, by what the test calls them. */
    const ids: Record<string, string> = {};

    /** A search over HTTP with the portal's token, as any HubSpot client would send it (429s waited out). */
    const rawSearch = async (body: unknown, token = accessToken) => {
      for (;;) {
        const response = await fetch(`${app.baseUrl}/sandbox/hubspot/crm/objects/2026-03/contacts/search`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const answer = { status: response.status, body: (await response.json()) as Record<string, unknown> };
        if (answer.status !== 429) return answer;
        await new Promise((r) => setTimeout(r, Number(response.headers.get('retry-after')) * 1000));
      }
    };

    beforeAll(async () => {
      app = await startApp(backend);
      const { token } = await signUp(app.baseUrl);
      await connectSandboxPortal(app.baseUrl, token);
      portalId = (await connectionsOf(app.baseUrl, token))[0]!.portal_id;
      store = app.system.sandboxCrm!.store;
      crm = await app.system.hubspot.client.forPortal(portalId);
      accessToken = await app.system.hubspot.tokens.accessToken(portalId);
      const contacts: Record<string, Record<string, string>> = {
        empty: { firstname: 'Ada', zip: '10001' },
        filled: { firstname: 'Grace', zip: '60601', city: 'Chicago' },
        noZip: { firstname: 'Alan' },
        blankZip: { firstname: 'Edsger', zip: '' },
        plusFour: { firstname: 'Barbara', zip: '02134-1234' },
      };
      for (const [name, properties] of Object.entries(contacts))
        ids[name] = await store.createRecord(portalId, 'contacts', properties);
    });
    afterAll(async () => {
      await app?.close();
    });

    it('finds the records with a ZIP and no city, in hs_object_id order, with the asked properties', async () => {
      const page = await crm.searchRecords(
        'contact',
        query({
          filterGroups: [
            {
              filters: [
                { propertyName: 'zip', operator: 'HAS_PROPERTY' },
                { propertyName: 'city', operator: 'NOT_HAS_PROPERTY' },
              ],
            },
          ],
        }),
      );
      expect(page.total).toBe(2);
      expect(page.after).toBeUndefined();
      expect(page.results.map((r) => r.id)).toEqual([ids.empty, ids.plusFour]);
      expect(page.results[0]!.properties).toMatchObject({
        hs_object_id: ids.empty,
        zip: '10001',
        city: null,
      });
      expect(Date.parse(page.results[0]!.updatedAt)).not.toBeNaN();
    });

    it('takes a record in any filter group, and only when it meets every filter of that group', async () => {
      const page = await crm.searchRecords(
        'contact',
        query({
          filterGroups: [
            { filters: [{ propertyName: 'zip', operator: 'EQ', value: '60601' }] },
            {
              filters: [
                { propertyName: 'firstname', operator: 'EQ', value: 'Alan' },
                { propertyName: 'zip', operator: 'NOT_HAS_PROPERTY' },
              ],
            },
            {
              filters: [
                { propertyName: 'firstname', operator: 'EQ', value: 'Ada' },
                { propertyName: 'zip', operator: 'NOT_HAS_PROPERTY' },
              ],
            },
          ],
        }),
      );
      expect(page.results.map((r) => r.id)).toEqual([ids.filled, ids.noZip]);
    });

    it('pages with after until the last page, which offers no next one', async () => {
      const seen: string[] = [];
      let after: string | undefined;
      let pages = 0;
      do {
        const page = await crm.searchRecords('contact', query({ limit: 2, ...(after ? { after } : {}) }));
        expect(page.total).toBe(5);
        seen.push(...page.results.map((r) => r.id));
        after = page.after;
        pages++;
      } while (after);
      expect(pages).toBe(3);
      expect(seen).toEqual(Object.values(ids));
    });

    it('restarts above the last id seen with hs_object_id GT, and sorts descending when asked', async () => {
      const above = await crm.searchRecords(
        'contact',
        query({
          filterGroups: [{ filters: [{ propertyName: 'hs_object_id', operator: 'GT', value: ids.filled! }] }],
        }),
      );
      expect(above.results.map((r) => r.id)).toEqual([ids.noZip, ids.blankZip, ids.plusFour]);
      const descending = await crm.searchRecords(
        'contact',
        query({ sorts: [{ propertyName: 'hs_object_id', direction: 'DESCENDING' }], limit: 2 }),
      );
      expect(descending.results.map((r) => r.id)).toEqual([ids.plusFour, ids.blankZip]);
    });

    it('compares hs_object_id as a number, not as text', async () => {
      const db = app.system.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const other = '11220033';
      const at = new Date();
      for (const id of ['9', '10', '100']) await insertZipContact(db, other, id, at, at);
      await db
        .insertInto('sandbox_portals')
        .values({ portal_id: other, hub_domain: 'n.hubspot.local', created_at: at })
        .execute();
      const { access_token } = await store.issueTokens(other);
      const response = await fetch(`${app.baseUrl}/sandbox/hubspot/crm/objects/2026-03/contacts/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          filterGroups: [{ filters: [{ propertyName: 'hs_object_id', operator: 'GTE', value: '10' }] }],
        }),
      });
      const body = (await response.json()) as { results: { id: string }[] };
      expect(body.results.map((r) => r.id)).toEqual(['10', '100']);
    });

    it('takes the records changed since a moment: lastmodifieddate GTE a timestamp in milliseconds', async () => {
      const since = Date.now() + 1;
      await new Promise((r) => setTimeout(r, 5));
      await store.updateRecord(portalId, 'contacts', ids.noZip!, { zip: '73301' }, 'CRM_UI');
      const page = await crm.searchRecords(
        'contact',
        query({
          filterGroups: [
            { filters: [{ propertyName: 'lastmodifieddate', operator: 'GTE', value: String(since) }] },
          ],
          sorts: [{ propertyName: 'lastmodifieddate', direction: 'DESCENDING' }],
        }),
      );
      expect(page.results.map((r) => r.id)).toEqual([ids.noZip]);
      expect(page.results[0]!.properties.zip).toBe('73301');
    });

    it('takes the records created up to a moment in milliseconds, comparing createdate to the millisecond as HubSpot keeps it', async () => {
      const db = app.system.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const other = '11220044';
      const at = new Date();
      await db
        .insertInto('sandbox_portals')
        .values({ portal_id: other, hub_domain: 'c.hubspot.local', created_at: at })
        .execute();
      // Put in by SQL, as the tests seed records: microseconds HubSpot would not have.
      for (const [id, created] of [
        ['1', '2026-11-24 10:00:00.122999+00'],
        ['2', '2026-11-24 10:00:00.123456+00'],
        ['3', '2026-11-24 10:00:00.124+00'],
      ] as const)
        await insertZipContact(db, other, id, created, at);
      const { access_token } = await store.issueTokens(other);
      const created = async (operator: string) => {
        const moment = String(Date.parse('2026-11-24T10:00:00.123Z'));
        const { body } = await rawSearch(
          { filterGroups: [{ filters: [{ propertyName: 'createdate', operator, value: moment }] }] },
          access_token,
        );
        return body.results as { id: string; properties: Record<string, string> }[];
      };
      const ids = async (operator: string) => (await created(operator)).map((r) => r.id);
      expect(await ids('LTE')).toEqual(['1', '2']);
      expect(await ids('LT')).toEqual(['1']);
      expect(await ids('EQ')).toEqual(['2']);
      expect(await ids('NEQ')).toEqual(['1', '3']);
      expect(await ids('GTE')).toEqual(['2', '3']);
      expect(await ids('GT')).toEqual(['3']);
      expect((await created('EQ'))[0]!.properties.createdate).toBe('2026-11-24T10:00:00.123Z');
    });

    it('answers 400 to a page past the first 10,000 results, as HubSpot does', async () => {
      const refused = await rawSearch({ limit: 100, after: '10000' });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
      expect(String(refused.body.message)).toContain('10000');
      await expect(crm.searchRecords('contact', query({ after: '10000' }))).rejects.toMatchObject({
        name: 'CrmCallError',
        reason: 'crm_update_failed',
      });
      expect((await rawSearch({ limit: 100, after: '9999' })).status).toBe(200);
    });

    it('refuses more than 200 results a page, and an operator it does not know', async () => {
      const tooMany = await rawSearch({ limit: 201 });
      expect(tooMany.status).toBe(400);
      expect(String(tooMany.body.message)).toContain('200');
      expect((await rawSearch({ limit: 200 })).status).toBe(200);
      const unknown = await rawSearch({
        filterGroups: [{ filters: [{ propertyName: 'zip', operator: 'SOUNDS_LIKE', value: '1' }] }],
      });
      expect(unknown.status).toBe(400);
    });

    it('holds a search to HubSpot’s documented filter limits: 6 filters a group, 18 in all, 5 groups (400 VALIDATION_ERROR past them)', async () => {
      const filters = (n: number) =>
        Array.from({ length: n }, () => ({ propertyName: 'zip', operator: 'HAS_PROPERTY' }));
      const groups = (count: number, each: number) =>
        Array.from({ length: count }, () => ({ filters: filters(each) }));
      const answers = async (filterGroups: unknown) => (await rawSearch({ filterGroups })).status;
      expect(await answers(groups(1, 6))).toBe(200);
      expect(await answers(groups(3, 6))).toBe(200);
      expect(await answers(groups(5, 3))).toBe(200);
      for (const tooMany of [groups(1, 7), groups(4, 5), groups(6, 1)]) {
        const refused = await rawSearch({ filterGroups: tooMany });
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
      }
    });

    it('answers 401 to a search without a valid token', async () => {
      const response = await fetch(`${app.baseUrl}/sandbox/hubspot/crm/objects/2026-03/contacts/search`, {
        method: 'POST',
        headers: { authorization: 'Bearer access-made-up', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(401);
    });
  });
}
