import { describe, expect, it } from 'vitest';
import { zipTable } from '../../api/adapters/geocoder/zip-table';
import { creditsStream } from '../../domain/credits/decider';
import { lookupStream } from '../../domain/lookups/events';
import { answeredEventId } from '../../api/lookups/ids';
import { workflowLookupIdOf } from '../../domain/lookups/workflow-action';
import { call, freshEmail, signUp, TEST_PASSWORD, type SignedUp } from '../support/app';
import type { CrmStandIn } from '../support/crm-stand-in';
import { backends } from '../support/databases';
import { kurrentdbBackend } from '../support/kurrentdb/backend';
import { lookupsMoved, movedBetween, scrape, TEST_METRICS_TOKEN } from '../support/metrics';
import { freshPortalId } from '../support/portals';
import { execution, runAction } from '../support/workflow-action';
import { creditsEvents, ofType, lookupAppForSuite, type LookupApp } from '../lookups/helpers';

const INVALID = {
  status: 401,
  body: {
    error:
      'The workflow action request is not signed by HubSpot: its X-HubSpot-Signature (v2) or X-HubSpot-Signature-v3 is missing or wrong, or its v3 timestamp is more than five minutes old.',
  },
};

const nothing = {
  city: '',
  state: '',
  county: '',
  country: '',
  timezone: '',
  other_cities: '',
  counties: '',
};

describe.each([...backends, kurrentdbBackend])(
  'the workflow action "Fill location from ZIP" on $name',
  (backend) => {
    let crm: CrmStandIn;
    let app: LookupApp;
    let user: SignedUp;
    let portalId: string;
    const adminEmail = freshEmail('admin');

    lookupAppForSuite(
      backend,
      async (started) => {
        ({ crm, app } = started);
        user = await signUp(app.baseUrl);
        portalId = freshPortalId();
        app.portals.connect(portalId, user.userId);
      },
      {},
      { ADMIN_EMAILS: adminEmail, METRICS_TOKEN: TEST_METRICS_TOKEN },
    );

    const lookupEventsOf = async (callbackId: string) =>
      app.test.store.readStream(lookupStream(workflowLookupIdOf(portalId, callbackId)));

    it('answers a signed execution for a US ZIP with its location and "filled", and charges one credit', async () => {
      const run = execution(portalId, 701, { zip: '10001' });
      const answer = await runAction(app.baseUrl, run);
      const place = zipTable().resolve({ kind: 'us', zip: '10001' })!;
      expect(answer).toEqual({
        status: 200,
        body: {
          outputFields: {
            city: 'New York',
            state: 'NY',
            county: place.county,
            country: 'US',
            timezone: 'America/New_York',
            other_cities: '',
            counties: `${place.county}, NY (100%)`,
            outcome: 'filled',
            hs_execution_state: 'SUCCESS',
          },
        },
      });
      const lookupId = workflowLookupIdOf(portalId, run.callbackId);
      const events = await creditsEvents(app.test.store, user.userId);
      expect(ofType(events, 'LookupCharged').filter((c) => c.lookupId === lookupId)).toMatchObject([
        { source: 'workflow', zip: '10001', objectId: '701', credits: 1 },
      ]);
      expect(ofType(events, 'LookupSucceeded').filter((s) => s.lookupId === lookupId)).toMatchObject([
        { source: 'workflow', filled: {} },
      ]);
      expect(crm.writesFor(portalId)).toEqual([]);
    });

    it('shows the lookup in the user’s usage, the credit ledger and the admin’s lookups as a workflow’s', async () => {
      const run = execution(portalId, 720, { zip: '10001' });
      expect(await runAction(app.baseUrl, run)).toMatchObject({ status: 200 });
      const lookupId = workflowLookupIdOf(portalId, run.callbackId);
      const today = new Date().toISOString().slice(0, 10);
      const usage = async () => {
        const chart = await call(
          app.baseUrl,
          `/api/auth/usage-chart-data?startDate=${today}&endDate=${today}`,
          {
            token: user.token,
          },
        );
        const [day] = (chart.body as { data: { successful_by_source: Record<string, number> }[] }).data;
        return day?.successful_by_source.workflow ?? 0;
      };
      await expect.poll(usage, { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);

      const admin = await signUp(app.baseUrl, adminEmail, TEST_PASSWORD);
      const ledger = await call(app.baseUrl, `/api/auth/admin/users/${user.userId}/credit-history`, {
        token: admin.token,
      });
      const entries = (ledger.body as { entries: { description: string; cause: Record<string, unknown> }[] })
        .entries;
      expect(entries.filter((e) => e.cause.lookupId === lookupId)).toMatchObject([
        { description: 'Lookup of 10001 from a workflow', cause: { source: 'workflow', portalId } },
      ]);
      const summaries = async () => {
        const answer = await call(
          app.baseUrl,
          `/api/logs/admin/lookup-summaries?userId=${user.userId}&limit=500`,
          {
            token: admin.token,
          },
        );
        const rows = (answer.body as { summaries: { lookupId: string; source: string; outcome: string }[] })
          .summaries;
        return rows.find((r) => r.lookupId === lookupId);
      };
      await expect
        .poll(summaries, { timeout: 20_000, interval: 50 })
        .toMatchObject({ source: 'workflow', outcome: 'success' });
    });

    it('counts each execution once in the metrics, by its outcome, as a workflow’s', async () => {
      const before = await scrape(app.baseUrl);
      const filled = execution(portalId, 730, { zip: '10001' });
      await runAction(app.baseUrl, filled);
      await runAction(app.baseUrl, filled);
      await runAction(app.baseUrl, execution(portalId, 731, { zip: 'hello' }));
      await runAction(app.baseUrl, execution(freshPortalId(), 732, { zip: '10001' }));
      const after = await scrape(app.baseUrl);
      expect(movedBetween(before, after)('zipfill_lookup_requests_total', { source: 'workflow' })).toBe(3);
      expect(lookupsMoved(before, after, 'workflow')).toEqual({
        success: 1,
        'failed/invalid_zip_format': 1,
        'ignored/portal_not_connected': 1,
      });
    });

    it('answers a Canadian postal code with its province, area offset and time zone', async () => {
      const place = zipTable().resolve({ kind: 'ca', fsa: 'M5V', postalCode: 'M5V 3L9' })!;
      const answer = await runAction(app.baseUrl, execution(portalId, 702, { zip: 'm5v3l9' }));
      expect(answer).toEqual({
        status: 200,
        body: {
          outputFields: {
            city: place.city ?? '',
            state: 'ON',
            county: place.county,
            country: 'CA',
            timezone: place.timezone,
            other_cities: '',
            counties: '',
            outcome: 'filled',
            hs_execution_state: 'SUCCESS',
          },
        },
      });
    });

    it('answers an invalid ZIP with only the outcome invalid_zip_format and charges nothing', async () => {
      const run = execution(portalId, 703, { zip: 'hello' });
      const answer = await runAction(app.baseUrl, run);
      expect(answer).toEqual({
        status: 200,
        body: {
          outputFields: { ...nothing, outcome: 'invalid_zip_format', hs_execution_state: 'FAIL_CONTINUE' },
        },
      });
      const lookupId = workflowLookupIdOf(portalId, run.callbackId);
      const events = await creditsEvents(app.test.store, user.userId);
      expect(ofType(events, 'LookupCharged').filter((c) => c.lookupId === lookupId)).toEqual([]);
      expect(ofType(events, 'LookupFailed').filter((f) => f.lookupId === lookupId)).toMatchObject([
        { source: 'workflow', reason: 'invalid_zip_format', refunded: false },
      ]);
    });

    it('charges a retried execution (the same callbackId) once and answers it the same', async () => {
      const run = execution(portalId, 704, { zip: '60601' });
      const first = await runAction(app.baseUrl, run);
      const retry = await runAction(app.baseUrl, run);
      expect(first).toMatchObject({
        status: 200,
        body: { outputFields: { city: 'Chicago', outcome: 'filled' } },
      });
      expect(retry).toEqual(first);
      const lookupId = workflowLookupIdOf(portalId, run.callbackId);
      const events = await creditsEvents(app.test.store, user.userId);
      expect(ofType(events, 'LookupCharged').filter((c) => c.lookupId === lookupId)).toHaveLength(1);
      expect(ofType(events, 'LookupSucceeded').filter((s) => s.lookupId === lookupId)).toHaveLength(1);
    });

    it('finishes an execution an earlier attempt charged but never answered, without charging it again', async () => {
      const run = execution(portalId, 721, { zip: '10001' });
      const lookupId = workflowLookupIdOf(portalId, run.callbackId);
      const requestedAt = new Date().toISOString();
      // What an attempt that stopped right after its charge left behind.
      await app.system.accounts.credits.handleEach(creditsStream(user.userId), [
        {
          command: {
            type: 'ChargeLookup',
            lookup: {
              lookupId,
              source: 'workflow',
              portalId,
              objectType: 'contact',
              objectId: '721',
              zip: '10001',
              requestedAt,
            },
            at: requestedAt,
          },
          commandId: `charge:${lookupId}`,
        },
      ]);
      const answer = await runAction(app.baseUrl, run);
      expect(answer).toMatchObject({
        status: 200,
        body: { outputFields: { city: 'New York', outcome: 'filled' } },
      });
      const events = await creditsEvents(app.test.store, user.userId);
      expect(ofType(events, 'LookupCharged').filter((c) => c.lookupId === lookupId)).toHaveLength(1);
      expect(ofType(events, 'LookupSucceeded').filter((c) => c.lookupId === lookupId)).toHaveLength(1);
    });

    it('records the outcome of an execution an earlier attempt answered but stopped before recording, and answers the same', async () => {
      const run = execution(portalId, 722, { zip: '60601' });
      const lookupId = workflowLookupIdOf(portalId, run.callbackId);
      const requestedAt = new Date().toISOString();
      const lookup = {
        lookupId,
        source: 'workflow' as const,
        portalId,
        objectType: 'contact' as const,
        objectId: '722',
        zip: '60601',
        requestedAt,
      };
      await app.system.accounts.credits.handleEach(creditsStream(user.userId), [
        { command: { type: 'ChargeLookup', lookup, at: requestedAt }, commandId: `charge:${lookupId}` },
      ]);
      const kept = {
        city: 'Kept',
        state: 'IL',
        county: '',
        country: 'US',
        timezone: 'America/Chicago',
        outcome: 'filled',
      };
      await app.test.store.append(
        lookupStream(lookupId),
        [
          {
            id: answeredEventId(lookupId),
            type: 'WorkflowActionAnswered',
            data: {
              ...lookup,
              callbackId: run.callbackId,
              userId: user.userId,
              outputs: kept,
              settlement: { kind: 'succeeded', filled: {} },
              at: requestedAt,
            },
          },
        ],
        { expected: 'no_stream' },
      );
      const answered = { ...kept, hs_execution_state: 'SUCCESS' };
      expect(await runAction(app.baseUrl, run)).toEqual({ status: 200, body: { outputFields: answered } });
      expect(await runAction(app.baseUrl, run)).toEqual({ status: 200, body: { outputFields: answered } });
      const events = await creditsEvents(app.test.store, user.userId);
      expect(ofType(events, 'LookupCharged').filter((c) => c.lookupId === lookupId)).toHaveLength(1);
      expect(ofType(events, 'LookupSucceeded').filter((c) => c.lookupId === lookupId)).toHaveLength(1);
    });

    it('writes the portal’s mapped properties in their write modes when asked to', async () => {
      crm.seed(portalId, 'contact', '705', { city: 'Typed by hand' });
      app.portals.connect(portalId, user.userId);
      const run = execution(portalId, 705, { zip: '10001', write_mapped_properties: 'true' });
      const answer = await runAction(app.baseUrl, run);
      expect(answer).toMatchObject({
        status: 200,
        body: { outputFields: { city: 'New York', outcome: 'filled' } },
      });
      expect(crm.writesFor(portalId)).toMatchObject([
        {
          id: '705',
          properties: { city: 'New York', state: 'NY', country: 'US', hs_timezone: 'america_slash_new_york' },
        },
      ]);
      const lookupId = workflowLookupIdOf(portalId, run.callbackId);
      const events = await creditsEvents(app.test.store, user.userId);
      const success = ofType(events, 'LookupSucceeded').find((s) => s.lookupId === lookupId);
      expect(success?.filled).toMatchObject({ city: 'New York' });
      // What each written property held before, for the record's history and undo.
      expect(success?.before).toMatchObject({ city: 'Typed by hand', state: '', hs_timezone: '' });
      expect(Object.keys(success?.before ?? {}).sort()).toEqual(Object.keys(success?.filled ?? {}).sort());
    });

    it('answers insufficient_credits, a branch and not an error, when the owner has no credits left', async () => {
      const broke = await signUp(app.baseUrl);
      const brokePortal = freshPortalId();
      app.portals.connect(brokePortal, broke.userId);
      const { state } = await app.system.accounts.credits.load(creditsStream(broke.userId));
      await app.system.accounts.credits.handleEach(
        creditsStream(broke.userId),
        Array.from({ length: state.balance }, (_, i) => ({
          command: {
            type: 'ChargeLookup' as const,
            lookup: {
              lookupId: `${broke.userId}-spent-${i}`,
              portalId: brokePortal,
              objectType: 'contact' as const,
              objectId: String(i),
              zip: '10001',
              requestedAt: new Date().toISOString(),
            },
            at: new Date().toISOString(),
          },
          commandId: `spend-${i}`,
        })),
      );
      const run = execution(brokePortal, 706, { zip: '10001' });
      const answer = await runAction(app.baseUrl, run);
      expect(answer).toEqual({
        status: 200,
        body: {
          outputFields: { ...nothing, outcome: 'insufficient_credits', hs_execution_state: 'FAIL_CONTINUE' },
        },
      });
      expect(await runAction(app.baseUrl, run)).toEqual(answer);
      const lookupId = workflowLookupIdOf(brokePortal, run.callbackId);
      const events = await creditsEvents(app.test.store, broke.userId);
      expect(ofType(events, 'LookupFailed').filter((f) => f.lookupId === lookupId)).toMatchObject([
        { source: 'workflow', reason: 'insufficient_credits', refunded: false, balanceAfter: 0 },
      ]);
    });

    it('answers portal_not_connected when no account has the portal connected', async () => {
      const answer = await runAction(app.baseUrl, execution(freshPortalId(), 707, { zip: '10001' }));
      expect(answer).toEqual({
        status: 200,
        body: {
          outputFields: { ...nothing, outcome: 'portal_not_connected', hs_execution_state: 'FAIL_CONTINUE' },
        },
      });
    });

    it('refuses a tampered body with 401 and records nothing', async () => {
      const run = execution(portalId, 708, { zip: '10001' });
      expect(await runAction(app.baseUrl, run, { tamper: (body) => body.replace('10001', '90210') })).toEqual(
        INVALID,
      );
      expect(await lookupEventsOf(run.callbackId)).toEqual([]);
    });

    it('refuses a request whose v3 timestamp is more than five minutes old, even though its v2 matches', async () => {
      const run = execution(portalId, 709, { zip: '10001' });
      expect(await runAction(app.baseUrl, run, { timestamp: Date.now() - 5 * 60_000 - 1_000 })).toEqual(
        INVALID,
      );
      expect(await lookupEventsOf(run.callbackId)).toEqual([]);
    });

    it('refuses a signature made with another secret, and a request with none', async () => {
      const run = execution(portalId, 710, { zip: '10001' });
      expect(await runAction(app.baseUrl, run, { secret: 'not-the-client-secret' })).toEqual(INVALID);
      const unsigned = {
        'x-hubspot-signature': '',
        'x-hubspot-signature-version': '',
        'x-hubspot-signature-v3': '',
        'x-hubspot-request-timestamp': '',
      };
      expect(await runAction(app.baseUrl, run, { headers: unsigned })).toEqual(INVALID);
    });

    it('accepts a request signed with v2 only, the version HubSpot documents for workflow actions', async () => {
      const run = execution(portalId, 711, { zip: '10001' });
      const v2Only = { 'x-hubspot-signature-v3': '', 'x-hubspot-request-timestamp': '' };
      expect(await runAction(app.baseUrl, run, { headers: v2Only })).toMatchObject({
        status: 200,
        body: { outputFields: { outcome: 'filled' } },
      });
    });

    it('answers 400 naming the field when a signed body is not an execution', async () => {
      expect(await runAction(app.baseUrl, { callbackId: 'ap-1', inputFields: {} })).toEqual({
        status: 400,
        body: { error: 'origin is required.' },
      });
      const company = execution(
        portalId,
        712,
        { zip: '10001' },
        { object: { objectId: 1, objectType: 'DEAL' } },
      );
      expect(await runAction(app.baseUrl, company)).toMatchObject({
        status: 400,
        body: { error: 'object.objectType must be one of: CONTACT, COMPANY.' },
      });
    });
  },
);
