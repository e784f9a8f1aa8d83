import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackfillDryRunAnswer } from '../../api/backfill/contract';
import { call, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { reportOf, runJob, startBackfillApp } from './helpers';
import { seedContacts, userWithPortal } from '../support/sandbox-portal';

/** Fewer than DRY_RUN_SAMPLE_SIZE, and not whole search pages: the last page asks for 50. */
const SAMPLE = 250;

/** Every seventh contact's ZIP is malformed, every seventh unknown, the others resolve with empty fields. */
const mixed = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    firstname: `Contact ${i}`,
    zip: i % 7 === 0 ? 'n/a' : i % 7 === 1 ? '00000' : '60601',
  }));
const inMix = (count: number, remainder: number) =>
  Array.from({ length: count }, (_, i) => i).filter((i) => i % 7 === remainder).length;

const failing = (answer: BackfillDryRunAnswer) =>
  Object.values(answer.failures).reduce((sum, n) => sum + (n ?? 0), 0);

for (const backend of behaviourBackends) {
  describe(`a backfill's dry run of a large portal over HTTP on ${backend.name}`, () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startBackfillApp(backend, { dryRunSample: SAMPLE });
    });
    afterAll(async () => app?.close());

    const dryRun = async (user: { token: string; portalId: string }) => {
      const { status, body } = await call(app.baseUrl, `/api/hubspot/backfills/${user.portalId}/dry-run`, {
        token: user.token,
        body: { objectType: 'contact', scope: 'empty' },
      });
      expect(status).toBe(200);
      return body as BackfillDryRunAnswer;
    };

    it('counts the records in scope exactly and estimates the rest from the sample, saying so', async () => {
      const user = await userWithPortal(app);
      await seedContacts(app.system.database, user.portalId, mixed(1_000));
      const answer = await dryRun(user);
      expect(answer).toMatchObject({ recordsInScope: 1_000, estimate: { examined: SAMPLE }, balance: 50 });
      const expected = {
        creditsNeeded: 1_000 - inMix(1_000, 0) - inMix(1_000, 1),
        invalid_zip_format: inMix(1_000, 0),
        zip_not_found: inMix(1_000, 1),
      };
      // The sample holds the mix in the same proportions, give or take one contact in 250.
      const near = (estimate: number | undefined, actual: number) =>
        expect(Math.abs(estimate! - actual)).toBeLessThanOrEqual(1_000 / SAMPLE);
      near(answer.creditsNeeded, expected.creditsNeeded);
      near(answer.failures.invalid_zip_format, expected.invalid_zip_format);
      near(answer.failures.zip_not_found, expected.zip_not_found);
      expect(Object.keys(answer.failures).sort()).toEqual(['invalid_zip_format', 'zip_not_found']);
      expect(answer.nothingToUpdate).toBe(0);
      expect(answer.creditsNeeded + answer.nothingToUpdate + failing(answer)).toBe(1_000);
      expect(answer.recordsCovered).toBe(50);
    });

    it('estimates from the records with the lowest ids, the oldest, not a random sample', async () => {
      const user = await userWithPortal(app);
      await seedContacts(app.system.database, user.portalId, [
        ...Array.from({ length: SAMPLE }, (_, i) => ({ firstname: `Old ${i}`, zip: '60601' })),
        ...Array.from({ length: SAMPLE }, (_, i) => ({ firstname: `New ${i}`, zip: 'n/a' })),
      ]);
      expect(await dryRun(user)).toMatchObject({
        recordsInScope: 2 * SAMPLE,
        nothingToUpdate: 0,
        failures: {},
        creditsNeeded: 2 * SAMPLE,
        estimate: { examined: SAMPLE },
      });
    });

    it('is exact, with no estimate, for a portal of no more records than the sample', async () => {
      const user = await userWithPortal(app);
      await seedContacts(app.system.database, user.portalId, mixed(SAMPLE));
      const answer = await dryRun(user);
      expect(answer).toEqual({
        request: { objectType: 'contact', scope: 'empty' },
        recordsInScope: SAMPLE,
        nothingToUpdate: 0,
        failures: { invalid_zip_format: inMix(SAMPLE, 0), zip_not_found: inMix(SAMPLE, 1) },
        creditsNeeded: SAMPLE - inMix(SAMPLE, 0) - inMix(SAMPLE, 1),
        balance: 50,
        recordsCovered: 50,
      });
    });

    it('adds up on a hand-built portal, Canadian and already-filled records included, and the job takes the same scope', async () => {
      const user = await userWithPortal(app);
      // City and state mapped, both keep what people entered.
      const [toFill, canadian, alreadyRight, typedCity, badZip] = await seedContacts(
        app.system.database,
        user.portalId,
        [
          { firstname: 'Empty', zip: '60601' },
          { firstname: 'Canadian', zip: 'M5V 3L9', state: 'ON' },
          { firstname: 'Right', zip: '60601', city: 'Chicago', state: 'IL' },
          { firstname: 'Typed', zip: '60601', city: 'The Loop', state: 'IL' },
          { firstname: 'Bad', zip: 'n/a' },
        ],
      );
      const all = await call(app.baseUrl, `/api/hubspot/backfills/${user.portalId}/dry-run`, {
        token: user.token,
        body: { objectType: 'contact', scope: 'all' },
      });
      const allAnswer = {
        request: { objectType: 'contact', scope: 'all' },
        recordsInScope: 5,
        creditsNeeded: 1,
        nothingToUpdate: 3,
        failures: { invalid_zip_format: 1 },
        balance: 50,
        recordsCovered: 1,
      } satisfies BackfillDryRunAnswer;
      expect(all.body).toEqual(allAnswer);

      // Only empty: the Canadian record's empty City can never be filled, so it is not in scope;
      // neither are the two with City and State filled. The record to fill and the bad ZIP remain.
      const empty = await dryRun(user);
      expect(empty).toEqual({
        ...allAnswer,
        request: { objectType: 'contact', scope: 'empty' },
        recordsInScope: 2,
        nothingToUpdate: 0,
      } satisfies BackfillDryRunAnswer);

      const done = await runJob(app, user, { objectType: 'contact', scope: 'empty' });
      expect(done.progress).toMatchObject({
        done: 2,
        total: 2,
        succeeded: 1,
        nothingToUpdate: 0,
        failed: 1,
        failuresByReason: { invalid_zip_format: 1 },
      });
      const report = await reportOf(app.baseUrl, user.token, done.jobId);
      expect(report.map((r) => r.object_id).sort()).toEqual([toFill, badZip].sort());
      for (const untouched of [canadian, alreadyRight, typedCity])
        expect(report.some((r) => r.object_id === untouched)).toBe(false);
    });
  });
}
