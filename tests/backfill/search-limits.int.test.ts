import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { topUp } from '../lookups/helpers';
import { startBackfillApp, startJob, waitForJob } from './helpers';
import { seedRecords, userWithPortal } from '../support/sandbox-portal';

const EVERY_FIELD = { city: 'city', state: 'state', county: 'county', country: 'country' };
const today = new Date().toISOString().slice(0, 10);

for (const backend of behaviourBackends) {
  describe(`a backfill with every field mapped, against a sandbox holding HubSpot's search limits, on ${backend.name}`, () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startBackfillApp(backend, { pageSize: 50 });
    });
    afterAll(async () => app?.close());

    it.each([
      ['contact', 'contacts'],
      ['company', 'companies'],
    ] as const)(
      'fills every empty %s of a job limited to records changed today, page after page',
      async (objectType, plural) => {
        const user = await userWithPortal(app, { ...EVERY_FIELD, updateTimezone: true }, EVERY_FIELD);
        await topUp(app.system, user.userId, 200);
        await seedRecords(
          app.test.database,
          user.portalId,
          plural,
          Array.from({ length: 120 }, () => ({ zip: '10001' })),
        );
        const job = await startJob(app, user.token, user.portalId, {
          objectType,
          scope: 'empty',
          changedSince: today,
        });
        const done = await waitForJob(app.baseUrl, user.token, job.jobId, ['completed', 'crm_refused']);
        expect(done.stateDetail ?? '').not.toContain('refused');
        expect(done).toMatchObject({ state: 'completed', progress: { done: 120, succeeded: 120 } });
      },
      120_000,
    );
  });
}
