import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HubSpotClient, type RetryPolicy } from '../../api/adapters/hubspot/client';
import {
  HUBSPOT_SEARCH_LIMIT,
  portalRateLimiter,
  type PortalRateLimiter,
} from '../../api/adapters/hubspot/limiter';
import { HubSpotOAuthClient } from '../../api/adapters/hubspot/oauth';
import { HubSpotTokens } from '../../api/adapters/hubspot/tokens';
import { migrateOperational, operationalDb } from '../../api/db/operational';
import { TokenCipher } from '../../api/portals/secrets';
import { behaviourBackends, type TestDatabase } from '../support/databases';
import { FakeHubSpot, json, okBatch } from '../support/fake-hubspot';
import { busiestWindow } from '../support/hubspot-counter';

const update = [{ id: '501', properties: { city: 'New York' } }];
const FAST_RETRY: Partial<RetryPolicy> = { backoffMs: 5, serverErrorRetries: 3 };

for (const backend of behaviourBackends) {
  describe(`HubSpot client against a local HubSpot on ${backend.name}`, () => {
    let test: TestDatabase;
    const hubspot = new FakeHubSpot();
    let portal = 0;
    beforeAll(async () => {
      test = await backend.open();
      await migrateOperational(test.database);
      await hubspot.start();
    });
    afterAll(async () => {
      await hubspot.stop();
      await test?.close();
    });
    afterEach(() => {
      hubspot.seen = [];
    });

    /** A fresh portal with stored tokens, and a client for it. */
    async function connected(
      options: {
        expiresIn?: number;
        retry?: Partial<RetryPolicy>;
        limiter?: PortalRateLimiter;
        timeoutMs?: number;
      } = {},
    ) {
      const portalId = String(70_000_000 + ++portal);
      const oauth = new HubSpotOAuthClient({
        apiBase: hubspot.base,
        clientId: 'cid',
        clientSecret: 'secret',
      });
      const tokens = new HubSpotTokens(operationalDb(test.database), new TokenCipher('k'.repeat(40)), oauth);
      await tokens.save(portalId, {
        accessToken: 'access-1',
        refreshToken: 'refresh-1',
        expiresIn: options.expiresIn ?? 1800,
      });
      const client = new HubSpotClient({
        apiBase: hubspot.base,
        tokens,
        retry: options.retry ?? FAST_RETRY,
        ...(options.limiter ? { limiter: options.limiter } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      });
      return { portalId, crm: await client.forPortal(portalId) };
    }

    it('writes a batch to /crm/objects/2026-03/contacts/batch/update with the bearer token', async () => {
      hubspot.answer = okBatch;
      const { crm } = await connected();
      const outcomes = await crm.updateRecords('contact', update);
      expect(outcomes.get('501')).toEqual({ ok: true });
      expect(hubspot.api()).toMatchObject([
        {
          method: 'POST',
          url: '/crm/objects/2026-03/contacts/batch/update',
          authorization: 'Bearer access-1',
        },
      ]);
      expect(JSON.parse(hubspot.api()[0]!.body)).toEqual({ inputs: update });
    });

    it('waits out a 429 by its Retry-After and then succeeds', async () => {
      let calls = 0;
      hubspot.answer = (req, res) =>
        ++calls === 1
          ? json(
              res,
              429,
              {
                status: 'error',
                message: 'You have reached your ten_secondly_rolling limit.',
                policyName: 'TEN_SECONDLY_ROLLING',
              },
              { 'retry-after': '1' },
            )
          : okBatch(req, res);
      const { crm } = await connected();
      const outcomes = await crm.updateRecords('company', update);
      expect(outcomes.get('501')).toEqual({ ok: true });
      const [first, second] = hubspot.api();
      expect(second!.url).toBe('/crm/objects/2026-03/companies/batch/update');
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    });

    it('gives up with crm_update_failed when HubSpot answers 500 until the retry budget is spent', async () => {
      hubspot.answer = (_req, res) => json(res, 500, { status: 'error', message: 'internal error' });
      const { crm } = await connected();
      const outcomes = await crm.updateRecords('contact', update);
      expect(outcomes.get('501')).toMatchObject({ ok: false, reason: 'crm_update_failed' });
      expect(hubspot.api()).toHaveLength(1 + 3);
    });

    it('refreshes the token after a 401 and succeeds with the new one', async () => {
      hubspot.answer = (req, res) => {
        if (req.url === '/oauth/2026-03/token')
          return json(res, 200, { access_token: 'access-2', refresh_token: 'refresh-1', expires_in: 1800 });
        if (req.authorization === 'Bearer access-1')
          return json(res, 401, { status: 'error', category: 'EXPIRED_AUTHENTICATION', message: 'expired' });
        okBatch(req, res);
      };
      const { crm } = await connected();
      expect((await crm.updateRecords('contact', update)).get('501')).toEqual({ ok: true });
      const refresh = hubspot.seen.find((s) => s.url === '/oauth/2026-03/token')!;
      expect(Object.fromEntries(new URLSearchParams(refresh.body))).toEqual({
        grant_type: 'refresh_token',
        refresh_token: 'refresh-1',
        client_id: 'cid',
        client_secret: 'secret',
      });
      expect(hubspot.api().map((s) => s.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    });

    it('answers crm_auth_failed when HubSpot still says 401 after a refresh', async () => {
      hubspot.answer = (req, res) =>
        req.url === '/oauth/2026-03/token'
          ? json(res, 200, { access_token: 'access-2', refresh_token: 'refresh-1', expires_in: 1800 })
          : json(res, 401, { status: 'error', message: 'The app was uninstalled' });
      const { crm } = await connected();
      expect((await crm.updateRecords('contact', update)).get('501')).toMatchObject({
        ok: false,
        reason: 'crm_auth_failed',
      });
    });

    it('refreshes a token about to expire before calling, once for many simultaneous calls', async () => {
      hubspot.answer = (req, res) =>
        req.url === '/oauth/2026-03/token'
          ? setTimeout(
              () =>
                json(res, 200, { access_token: 'access-2', refresh_token: 'refresh-1', expires_in: 1800 }),
              50,
            )
          : okBatch(req, res);
      const { crm } = await connected({ expiresIn: 60 });
      await Promise.all(Array.from({ length: 5 }, () => crm.updateRecords('contact', update)));
      expect(hubspot.seen.filter((s) => s.url === '/oauth/2026-03/token')).toHaveLength(1);
      expect(new Set(hubspot.api().map((s) => s.authorization))).toEqual(new Set(['Bearer access-2']));
    });

    it('sends no more than the limit within a window and the rest once it rolls on', async () => {
      hubspot.answer = okBatch;
      const limiter = portalRateLimiter(undefined, { points: 10, durationSeconds: 2 });
      const { crm } = await connected({ limiter });
      const all = Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          crm.updateRecords('contact', [{ id: String(i + 1), properties: {} }]),
        ),
      );
      for (let waited = 0; hubspot.api().length < 10 && waited < 1000; waited += 20) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(hubspot.api()).toHaveLength(10);
      await new Promise((r) => setTimeout(r, 300));
      expect(hubspot.api()).toHaveLength(10);
      await all;
      expect(hubspot.api()).toHaveLength(15);
    });

    it('reports each record of a 207 on its own: written, missing, refused', async () => {
      hubspot.answer = (_req, res) =>
        json(res, 207, {
          status: 'COMPLETE',
          results: [{ id: '1', properties: { city: 'New York' } }],
          numErrors: 2,
          errors: [
            {
              status: 'error',
              category: 'OBJECT_NOT_FOUND',
              message: 'Could not get some CONTACT objects',
              context: { ids: ['2'] },
            },
            {
              status: 'error',
              category: 'VALIDATION_ERROR',
              message: 'Property values were not valid',
              context: { ids: ['3'] },
            },
          ],
        });
      const { crm } = await connected();
      const outcomes = await crm.updateRecords(
        'contact',
        ['1', '2', '3'].map((id) => ({ id, properties: { city: 'New York' } })),
      );
      expect(outcomes.get('1')).toEqual({ ok: true });
      expect(outcomes.get('2')).toMatchObject({ ok: false, reason: 'crm_record_not_found' });
      expect(outcomes.get('3')).toMatchObject({
        ok: false,
        reason: 'crm_update_failed',
        detail: expect.stringContaining('Property values were not valid'),
      });
    });

    it('writes the others again when HubSpot refuses a whole batch for one missing record', async () => {
      hubspot.answer = (req, res) => {
        const { inputs } = JSON.parse(req.body) as { inputs: { id: string }[] };
        if (inputs.some((i) => i.id === '2'))
          return json(res, 404, {
            status: 'error',
            category: 'OBJECT_NOT_FOUND',
            message: 'not found',
            context: { ids: ['2'] },
          });
        okBatch(req, res);
      };
      const { crm } = await connected();
      const outcomes = await crm.updateRecords(
        'contact',
        ['1', '2', '3'].map((id) => ({ id, properties: {} })),
      );
      expect([...outcomes.entries()].sort()).toEqual([
        ['1', { ok: true }],
        ['2', expect.objectContaining({ reason: 'crm_record_not_found' })],
        ['3', { ok: true }],
      ]);
    });

    it('gives up on a HubSpot that does not answer, within its timeout', async () => {
      hubspot.answer = () => undefined;
      const { crm } = await connected({ timeoutMs: 150, retry: { serverErrorRetries: 1, backoffMs: 5 } });
      const started = Date.now();
      expect((await crm.updateRecords('contact', update)).get('501')).toMatchObject({
        ok: false,
        reason: 'crm_update_failed',
      });
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('searches with the query as HubSpot takes it and answers the page and where the next one starts', async () => {
      hubspot.answer = (_req, res) =>
        json(res, 200, {
          total: 3,
          results: [
            { id: '7', properties: { hs_object_id: '7', zip: '10001' }, updatedAt: '2026-11-20T10:00:00Z' },
          ],
          paging: { next: { after: '1', link: 'ignored' } },
        });
      const { crm } = await connected();
      const query = {
        filterGroups: [{ filters: [{ propertyName: 'zip', operator: 'HAS_PROPERTY' as const }] }],
        sorts: [{ propertyName: 'hs_object_id', direction: 'ASCENDING' as const }],
        properties: ['zip'],
        limit: 1,
      };
      expect(await crm.searchRecords('contact', query, { priority: 'background' })).toEqual({
        total: 3,
        results: [
          { id: '7', properties: { hs_object_id: '7', zip: '10001' }, updatedAt: '2026-11-20T10:00:00Z' },
        ],
        after: '1',
      });
      expect(hubspot.api()).toMatchObject([{ method: 'POST', url: '/crm/objects/2026-03/contacts/search' }]);
      expect(JSON.parse(hubspot.api()[0]!.body)).toEqual(query);
    });

    it('sends a portal at most 5 searches in any second, and a live lookup’s update asked for among them at once', async () => {
      hubspot.answer = (req, res) =>
        req.url.endsWith('/search') ? json(res, 200, { total: 0, results: [] }) : okBatch(req, res);
      const { crm } = await connected();
      const empty = { filterGroups: [], sorts: [], properties: [], limit: 10 };
      await Promise.all([
        ...Array.from({ length: 8 }, () => crm.searchRecords('contact', empty, { priority: 'background' })),
        crm.updateRecords('contact', update),
      ]);
      const searches = hubspot.api().filter((s) => s.url.endsWith('/search'));
      expect(searches).toHaveLength(8);
      expect(
        busiestWindow(
          searches.map((s) => s.at),
          HUBSPOT_SEARCH_LIMIT.windowMs,
        ),
      ).toBeLessThanOrEqual(HUBSPOT_SEARCH_LIMIT.requests);
      // The live update is not held behind the searches' turns.
      const sent = hubspot.api().map((s) => s.url);
      expect(sent.indexOf('/crm/objects/2026-03/contacts/batch/update')).toBeLessThan(2);
    });

    it('waits out a search 429 by its Retry-After, and reports a search refused after a refresh as crm_auth_failed', async () => {
      let calls = 0;
      hubspot.answer = (_req, res) =>
        ++calls === 1
          ? json(
              res,
              429,
              { status: 'error', errorType: 'RATE_LIMIT', policyName: 'SECONDLY', message: 'secondly limit' },
              { 'retry-after': '1' },
            )
          : json(res, 200, { total: 0, results: [] });
      const { crm } = await connected();
      const empty = { filterGroups: [], sorts: [], properties: [], limit: 10 };
      expect(await crm.searchRecords('company', empty)).toEqual({ total: 0, results: [] });
      expect(hubspot.api().map((s) => s.url)).toEqual([
        '/crm/objects/2026-03/companies/search',
        '/crm/objects/2026-03/companies/search',
      ]);

      hubspot.answer = (req, res) =>
        req.url === '/oauth/2026-03/token'
          ? json(res, 200, { access_token: 'access-2', refresh_token: 'refresh-1', expires_in: 1800 })
          : json(res, 401, { status: 'error', message: 'The app was uninstalled' });
      await expect(crm.searchRecords('company', empty)).rejects.toMatchObject({
        name: 'CrmCallError',
        reason: 'crm_auth_failed',
      });
    });

    it('reads current values and leaves missing records out', async () => {
      hubspot.answer = (_req, res) =>
        json(res, 207, {
          status: 'COMPLETE',
          results: [{ id: '1', properties: { city: null, state: 'NY' } }],
          errors: [{ status: 'error', category: 'OBJECT_NOT_FOUND', context: { ids: ['2'] } }],
        });
      const { crm } = await connected();
      const records = await crm.readRecords('contact', ['1', '2'], ['city', 'state']);
      expect([...records.entries()]).toEqual([['1', { city: null, state: 'NY' }]]);
      expect(JSON.parse(hubspot.api()[0]!.body)).toEqual({
        properties: ['city', 'state'],
        inputs: [{ id: '1' }, { id: '2' }],
      });
    });

    /** HubSpot's 400 for a batch with a value a rule refuses: the properties named, not the records. */
    const refusedUnless = (isGood: (properties: Record<string, string>) => boolean) =>
      ((req, res) => {
        const { inputs } = JSON.parse(req.body) as {
          inputs: { id: string; properties: Record<string, string> }[];
        };
        if (inputs.every((i) => isGood(i.properties))) return okBatch(req, res);
        json(res, 400, {
          status: 'error',
          category: 'VALIDATION_ERROR',
          message:
            'Property values were not valid: [{"isValid":false,"message":"Enter only letters","error":"INVALID_CHARACTERS","name":"city"}]',
        });
      }) as FakeHubSpot['answer'];
    const batch = (n: number, bad: readonly number[]) =>
      Array.from({ length: n }, (_, i) => ({
        id: String(1000 + i),
        properties: { city: bad.includes(i) ? 'Winston-Salem' : 'Chicago' },
      }));

    it('finds the one value HubSpot refuses in a batch of 100 by halving it: 12 to 14 extra calls, each other record written once', async () => {
      hubspot.answer = refusedUnless((p) => p.city !== 'Winston-Salem');
      // Two calls per halving; 6 or 7 halvings, by where the refused record sits (halves of 25 are 13 and 12).
      for (const [position, extra] of [
        [0, 14],
        [37, 12],
      ] as const) {
        hubspot.seen = [];
        const { crm } = await connected();
        const outcomes = await crm.updateRecords('contact', batch(100, [position]));
        const calls = hubspot.api().map((s) => ({
          ids: (JSON.parse(s.body) as { inputs: { id: string }[] }).inputs.map((i) => i.id),
        }));
        expect(calls.length - 1).toBe(extra);
        const refused = String(1000 + position);
        expect(outcomes.get(refused)).toEqual({
          ok: false,
          reason: 'crm_validation_failed',
          detail: 'HubSpot refused the value for City: Enter only letters',
        });
        expect([...outcomes.values()].filter((o) => o.ok)).toHaveLength(99);
        // Every accepted call held only good records: the refused one was never part of a write.
        const accepted = calls.filter((c) => !c.ids.includes(refused)).flatMap((c) => c.ids);
        expect(accepted).toHaveLength(99);
        expect(new Set(accepted).size).toBe(99);
      }
    });

    it('stops halving at its budget: records not yet told apart fail as crm_update_failed, to be tried again', async () => {
      hubspot.answer = refusedUnless((p) => p.city !== 'Winston-Salem');
      const { crm } = await connected({ retry: { ...FAST_RETRY, isolationCalls: 4 } });
      const outcomes = await crm.updateRecords('contact', batch(100, [0, 99]));
      expect(hubspot.api()).toHaveLength(1 + 4);
      const reasons = [...outcomes.values()].map((o) => (o.ok ? 'ok' : o.reason));
      expect(reasons.filter((r) => r === 'ok').length).toBeGreaterThan(0);
      expect(reasons).not.toContain('crm_validation_failed');
      expect(reasons.filter((r) => r === 'crm_update_failed').length).toBeGreaterThan(0);
    });

    it('does not halve a batch HubSpot refuses for a property every record writes (one that does not exist)', async () => {
      hubspot.answer = (_req, res) =>
        json(res, 400, {
          status: 'error',
          category: 'VALIDATION_ERROR',
          message:
            'Property values were not valid: [{"isValid":false,"message":"Property \\"town\\" does not exist","error":"PROPERTY_DOESNT_EXIST","name":"town"}]',
        });
      const { crm } = await connected();
      const outcomes = await crm.updateRecords('contact', batch(10, []));
      expect(hubspot.api()).toHaveLength(1);
      expect([...outcomes.values()].every((o) => !o.ok && o.reason === 'crm_update_failed')).toBe(true);
    });
  });
}
