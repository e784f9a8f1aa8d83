import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthCheckAnswer } from '../../api/address-health/contract';
import type { BackfillDryRunAnswer } from '../../api/backfill/contract';
import { call, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { creditsEvents, ofType } from '../lookups/helpers';
import { reportOf, startBackfillApp, startJob, waitForJob } from '../backfill/helpers';
import { contactOf, seedContacts, userWithPortal } from '../support/sandbox-portal';

/** City, state and county mapped, each in the saved mode "keep what people entered". */
const WITH_COUNTY = { county: 'county' };

/** A hand-built portal: four records whose state is not their ZIP's, and one of every other kind beside them. */
const BUILT: readonly Record<string, string>[] = [
  { firstname: 'Wrong state', zip: '60601', city: 'Chicago', state: 'WI' },
  { firstname: 'Wrong state by name', zip: '60601', state: 'Texas' },
  {
    firstname: 'Wrong state, two counties',
    zip: '57501',
    city: 'Pierre',
    state: 'ND',
    county: 'Hughes County',
  },
  // The state comes first: this record is of the state's class, and its county is not written.
  {
    firstname: 'Wrong state and county',
    zip: '60601',
    city: 'Chicago',
    state: 'WI',
    county: 'DuPage County',
  },
  { firstname: 'Wrong city', zip: '60601', city: 'Boston', state: 'WI' },
  { firstname: 'Wrong county', zip: '60601', city: 'Chicago', state: 'IL', county: 'DuPage County' },
  { firstname: 'No ZIP', state: 'WI' },
  { firstname: 'Malformed', zip: 'n/a', state: 'WI' },
  { firstname: 'Unknown', zip: '00000', state: 'WI' },
  { firstname: 'Two counties', zip: '57501', city: 'Pierre', state: 'SD', county: 'Sully County' },
  { firstname: 'Right', zip: '60601', city: 'Chicago', state: 'IL', county: 'Cook County' },
  // An ordinary backfill would fill its empty city and county: a fix of the state leaves them alone.
  { firstname: 'Right, city and county empty', zip: '60601', state: 'IL' },
];

const STATE_FIXED: Record<string, string> = {
  'Wrong state': 'IL',
  'Wrong state by name': 'IL',
  'Wrong state, two counties': 'SD',
  'Wrong state and county': 'IL',
};

const ADDRESS = ['zip', 'city', 'state', 'county', 'firstname'] as const;

for (const backend of behaviourBackends) {
  describe(`fixing one class of a health check over HTTP on ${backend.name}`, () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startBackfillApp(backend);
    });
    afterAll(async () => app?.close());

    const check = async (user: { token: string; portalId: string }) =>
      (
        await call(app.baseUrl, `/api/hubspot/health-checks/${user.portalId}`, {
          token: user.token,
          body: { objectType: 'contact' },
        })
      ).body as HealthCheckAnswer;

    const addresses = async (portalId: string, ids: readonly string[]) =>
      Promise.all(
        ids.map(async (id) => {
          const p = (await contactOf(app.system.database, portalId, id)) ?? {};
          return Object.fromEntries(ADDRESS.map((k) => [k, p[k] ?? null]));
        }),
      );

    it('dry-runs and runs a backfill of exactly the class: its records written in the field concerned, one credit each, the others untouched', async () => {
      const user = await userWithPortal(app, WITH_COUNTY);
      const ids = await seedContacts(app.system.database, user.portalId, BUILT);
      const config = await call(app.baseUrl, `/api/hubspot/portal-config/${user.portalId}`, {
        token: user.token,
      });
      const before = await addresses(user.portalId, ids);
      expect((await check(user)).counts.state_not_zips).toBe(4);

      const request = { objectType: 'contact', scope: 'all', healthClass: 'state_not_zips' } as const;
      const dryRun = await call(app.baseUrl, `/api/hubspot/backfills/${user.portalId}/dry-run`, {
        token: user.token,
        body: request,
      });
      expect(dryRun).toMatchObject({ status: 200 });
      expect(dryRun.body as BackfillDryRunAnswer).toEqual({
        request,
        recordsInScope: 4,
        creditsNeeded: 4,
        nothingToUpdate: 0,
        failures: {},
        balance: 50,
        recordsCovered: 4,
      });
      expect((await creditsEvents(app.system.store, user.userId)).map((e) => e.type)).toEqual([
        'CreditsAdded',
      ]);

      const started = await startJob(app, user.token, user.portalId, request);
      expect(started).toMatchObject({ healthClass: 'state_not_zips', scope: 'all', state: 'running' });
      const job = await waitForJob(app.baseUrl, user.token, started.jobId, ['completed']);
      expect(job).toMatchObject({ healthClass: 'state_not_zips' });
      expect(job.progress).toMatchObject({ done: 4, total: 4, succeeded: 4, failed: 0, creditsSpent: 4 });

      const events = await creditsEvents(app.system.store, user.userId);
      const fixed = BUILT.flatMap((c, i) => (STATE_FIXED[c.firstname!] ? [ids[i]!] : []));
      expect(
        ofType(events, 'LookupCharged')
          .map((c) => c.objectId)
          .sort(),
      ).toEqual([...fixed].sort());
      expect(ofType(events, 'LookupFailed')).toEqual([]);
      expect((await call(app.baseUrl, '/api/auth/credit-balance', { token: user.token })).body).toMatchObject(
        {
          creditBalance: 46,
        },
      );

      // Exactly the class's records changed, and in them only the state, whatever its saved mode.
      const after = await addresses(user.portalId, ids);
      expect(after).toEqual(
        before.map((address, i) => {
          const state = STATE_FIXED[BUILT[i]!.firstname!];
          return state ? { ...address, state } : address;
        }),
      );
      expect(
        (await reportOf(app.baseUrl, user.token, started.jobId)).map((r) => [r.object_id, r.outcome]),
      ).toEqual(fixed.map((id) => [id, 'succeeded']));
      // The fix went through the job, not the portal's saved configuration.
      expect(
        (await call(app.baseUrl, `/api/hubspot/portal-config/${user.portalId}`, { token: user.token })).body,
      ).toEqual(config.body);

      // Checked again, the class is gone; the county the state hid shows now.
      expect((await check(user)).counts).toMatchObject({
        state_not_zips: 0,
        county_not_zips: 2,
        city_not_accepted: 1,
      });
    });

    it('refuses a class no lookup can fix, and a fix it cannot run, saying why', async () => {
      const user = await userWithPortal(app);
      const refusal = async (body: Record<string, unknown>, route = 'dry-run') => {
        const { status, body: answer } = await call(
          app.baseUrl,
          `/api/hubspot/backfills/${user.portalId}${route === 'dry-run' ? '/dry-run' : ''}`,
          { token: user.token, body: { objectType: 'contact', scope: 'all', ...body } },
        );
        return { status, error: (answer as { error?: string }).error };
      };
      for (const route of ['dry-run', 'start']) {
        expect(await refusal({ healthClass: 'no_zip' }, route)).toEqual({
          status: 400,
          error:
            'Records without a ZIP cannot be fixed by a lookup: there is no ZIP to look up. Add their ZIPs in HubSpot first.',
        });
        expect(await refusal({ healthClass: 'consistent' }, route)).toEqual({
          status: 400,
          error: 'Consistent records have nothing to fix.',
        });
      }
      for (const healthClass of ['invalid_zip', 'unknown_zip', 'multi_county_zip'])
        expect(await refusal({ healthClass })).toMatchObject({
          status: 400,
          error: expect.stringMatching(/^Records /),
        });
      expect(await refusal({ healthClass: 'wrong_everything' })).toEqual({
        status: 400,
        error:
          'healthClass must be one of: no_zip, invalid_zip, unknown_zip, city_not_accepted, state_not_zips, county_not_zips, multi_county_zip, consistent.',
      });
      expect(await refusal({ healthClass: 'state_not_zips', scope: 'empty' })).toMatchObject({
        status: 400,
        error: expect.stringContaining('ask for scope "all"'),
      });
      // This portal maps the city and state only.
      expect(await refusal({ healthClass: 'county_not_zips' }, 'start')).toEqual({
        status: 400,
        error:
          'No contact property is mapped for the county: nothing of this class can be found or written. Map it on Configure Portal first.',
      });
      expect((await call(app.baseUrl, '/api/hubspot/backfills', { token: user.token })).body).toEqual({
        jobs: [],
      });
    });
  });
}
