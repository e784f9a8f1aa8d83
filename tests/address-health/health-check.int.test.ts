import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthCheckAnswer } from '../../api/address-health/contract';
import { call, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { creditsEvents } from '../lookups/helpers';
import { startBackfillApp } from '../backfill/helpers';
import { contactOf, seedContacts, seedRecords, userWithPortal } from '../support/sandbox-portal';

/** Fewer records than DRY_RUN_SAMPLE_SIZE, so that a portal of 1,000 is estimated. */
const SAMPLE = 250;

/** City, state and county of both object types mapped to HubSpot's own properties. */
const WITH_COUNTY = { county: 'county' };

/** One contact of each class at least, on ZIPs of the real table. */
const BUILT: readonly Record<string, string>[] = [
  { firstname: 'No ZIP', city: 'Chicago', state: 'IL' },
  { firstname: 'Malformed', zip: 'n/a' },
  { firstname: 'Unknown', zip: '00000', city: 'Chicago' },
  { firstname: 'Wrong city', zip: '60601', city: 'Boston', state: 'IL' },
  { firstname: 'Wrong state', zip: '60601', city: 'Chicago', state: 'WI' },
  { firstname: 'Wrong county', zip: '60601', city: 'Chicago', state: 'IL', county: 'DuPage County' },
  // 86515 (Window Rock, AZ) reaches into McKinley County, New Mexico: Navajo County is not among its counties.
  { firstname: 'Across, wrong county', zip: '86515', state: 'AZ', county: 'Navajo County' },
  // 57501 (Pierre, SD) spans Hughes and Sully counties.
  { firstname: 'Two counties', zip: '57501', city: 'Pierre', state: 'SD', county: 'Sully County' },
  { firstname: 'Across the state line', zip: '86515', city: 'Window Rock', state: 'AZ', county: 'McKinley' },
  { firstname: 'Right', zip: '60601', city: 'Chicago', state: 'IL', county: 'Cook County' },
  {
    firstname: 'Other accepted name',
    zip: '02128-1234',
    city: 'east boston',
    state: 'ma',
    county: 'Suffolk',
  },
];

const EXPECTED_COUNTS = {
  no_zip: 1,
  invalid_zip: 1,
  unknown_zip: 1,
  city_not_accepted: 1,
  state_not_zips: 1,
  county_not_zips: 2,
  multi_county_zip: 2,
  consistent: 2,
};

for (const backend of behaviourBackends) {
  describe(`a portal's address health check over HTTP on ${backend.name}`, () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startBackfillApp(backend, { dryRunSample: SAMPLE });
    });
    afterAll(async () => app?.close());

    const check = (user: { token: string; portalId: string }, body: unknown) =>
      call(app.baseUrl, `/api/hubspot/health-checks/${user.portalId}`, { token: user.token, body });

    const report = async (user: { token: string; portalId: string }, query: string) => {
      const response = await fetch(
        `${app.baseUrl}/api/hubspot/health-checks/${user.portalId}/report.csv?${query}`,
        { headers: { authorization: `Bearer ${user.token}` } },
      );
      return {
        status: response.status,
        text: await response.text(),
        type: response.headers.get('content-type'),
      };
    };

    it('counts exactly the classes a hand-built portal holds, with examples, and charges and writes nothing', async () => {
      const user = await userWithPortal(app, WITH_COUNTY, WITH_COUNTY);
      const ids = await seedContacts(app.system.database, user.portalId, BUILT);
      await seedRecords(app.system.database, user.portalId, 'companies', [
        { name: 'Acme', zip: '60601', city: 'Chicago', state: 'IL' },
      ]);
      const before = await call(app.baseUrl, '/api/auth/credit-balance', { token: user.token });

      const { status, body } = await check(user, { objectType: 'contact' });
      expect(status).toBe(200);
      const answer = body as HealthCheckAnswer;
      expect(answer).toMatchObject({
        request: { objectType: 'contact' },
        recordsInScope: BUILT.length,
        examined: BUILT.length,
        counts: EXPECTED_COUNTS,
      });
      expect(answer.estimate).toBeUndefined();
      const id = (name: string) => ids[BUILT.findIndex((c) => c.firstname === name)]!;
      expect(answer.examples.state_not_zips).toEqual([
        { objectId: id('Wrong state'), zip: '60601', found: 'The state "WI" is not 60601\'s: IL.' },
      ]);
      expect(answer.examples.county_not_zips.map((e) => e.objectId)).toEqual([
        id('Wrong county'),
        id('Across, wrong county'),
      ]);
      expect(answer.examples.county_not_zips[1]!.found).toBe(
        'The county "Navajo County" is not among 86515\'s: Apache County, AZ; McKinley County, NM.',
      );
      expect(answer.examples.multi_county_zip).toEqual([
        {
          objectId: id('Two counties'),
          zip: '57501',
          found: '57501 spans 2 counties: Hughes County, SD; Sully County, SD.',
        },
        {
          objectId: id('Across the state line'),
          zip: '86515',
          found: '86515 spans 2 counties in more than one state: Apache County, AZ; McKinley County, NM.',
        },
      ]);
      expect(answer.examples.no_zip).toEqual([
        { objectId: id('No ZIP'), zip: '', found: 'The record has no ZIP.' },
      ]);

      // Companies are checked apart from contacts.
      const companies = (await check(user, { objectType: 'company' })).body as HealthCheckAnswer;
      expect(companies).toMatchObject({
        recordsInScope: 1,
        examined: 1,
        counts: { consistent: 1, no_zip: 0 },
      });

      const after = await call(app.baseUrl, '/api/auth/credit-balance', { token: user.token });
      expect(after.body).toEqual(before.body);
      expect((await creditsEvents(app.system.store, user.userId)).map((e) => e.type)).toEqual([
        'CreditsAdded',
      ]);
      expect(await contactOf(app.system.database, user.portalId, id('Wrong state'))).toMatchObject({
        state: 'WI',
        city: 'Chicago',
      });
    });

    it('lists every record read in its CSV, one line each with its class and finding', async () => {
      const user = await userWithPortal(app, WITH_COUNTY);
      const ids = await seedContacts(app.system.database, user.portalId, BUILT);
      const { status, text, type } = await report(user, 'objectType=contact');
      expect(status).toBe(200);
      expect(type).toMatch(/^text\/csv/);
      const [header, ...lines] = text.trim().split('\r\n');
      expect(header).toBe('object_id,zip,city,state,county,class,finding');
      expect(lines).toHaveLength(BUILT.length);
      expect(lines.map((l) => l.split(',')[0])).toEqual(ids);
      expect(lines[BUILT.findIndex((c) => c.firstname === 'Wrong state')]).toBe(
        `${ids[4]},60601,Chicago,WI,,state_not_zips,"The state ""WI"" is not 60601's: IL."`,
      );
    });

    it('estimates a portal larger than the sample from its oldest records, saying from how many', async () => {
      const user = await userWithPortal(app);
      await seedContacts(
        app.system.database,
        user.portalId,
        Array.from({ length: 1_000 }, (_, i): Record<string, string> =>
          i % 5 === 0 ? { firstname: `C${i}` } : { firstname: `C${i}`, zip: '60601' },
        ),
      );
      const answer = (await check(user, { objectType: 'contact' })).body as HealthCheckAnswer;
      expect(answer).toMatchObject({
        recordsInScope: 1_000,
        examined: SAMPLE,
        estimate: { examined: SAMPLE },
        // One in five without a ZIP, in the sample as in the portal.
        counts: { no_zip: 200, consistent: 800, invalid_zip: 0 },
      });
    });

    it('refuses what it cannot check with a message a person can act on', async () => {
      const user = await userWithPortal(app);
      const other = await userWithPortal(app);
      const refusal = async (request: Promise<{ status: number; body: unknown }>) => {
        const { status, body } = await request;
        return { status, error: (body as { error?: string }).error };
      };
      expect(await refusal(check(user, { objectType: 'deal' }))).toEqual({
        status: 400,
        error: 'objectType must be one of: contact, company.',
      });
      expect(await refusal(check(user, {}))).toEqual({ status: 400, error: 'objectType is required.' });
      expect(await refusal(check(user, { objectType: 'contact', scope: 'all' }))).toEqual({
        status: 400,
        error: 'Unknown field "scope".',
      });
      const notYours = { status: 404, error: 'There is no such HubSpot connection on your account.' };
      expect(
        await refusal(check({ token: user.token, portalId: other.portalId }, { objectType: 'contact' })),
      ).toEqual(notYours);
      expect(await refusal(check({ token: user.token, portalId: 'abc' }, { objectType: 'contact' }))).toEqual(
        notYours,
      );
      expect((await check({ token: '', portalId: user.portalId }, { objectType: 'contact' })).status).toBe(
        401,
      );

      expect(await report(user, 'objectType=deal')).toMatchObject({ status: 400 });
      expect(JSON.parse((await report(user, '')).text)).toEqual({ error: 'objectType is required.' });
      expect(
        await report({ token: user.token, portalId: other.portalId }, 'objectType=contact'),
      ).toMatchObject({
        status: 404,
      });
    });
  });
}
