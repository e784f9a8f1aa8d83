import { describe, expect, it } from 'vitest';
import type { BackfillDryRunAnswer } from '../../api/backfill/contract';
import { backfillRecordOf } from '../../domain/backfill/events';
import { call } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { creditsEvents, ofType, topUp } from '../lookups/helpers';
import { reportOf, startBackfillApp, startJob, waitForJob } from './helpers';
import { contactOf, seedContacts, userWithPortal } from '../support/sandbox-portal';

const AT_START = 300;

const contacts = (n: number, from: number) =>
  Array.from({ length: n }, (_, i) => ({ firstname: `C${from + i}`, zip: '10001' }));

for (const backend of behaviourBackends) {
  describe(`a backfill job while records keep arriving on ${backend.name}`, () => {
    it('reads the records there were when it started: it completes with those done, and the records created since are neither read nor charged', async () => {
      const app = await startBackfillApp(backend, { pageSize: 100, startRunner: false });
      try {
        const user = await userWithPortal(app);
        await topUp(app.system, user.userId, 1000);
        const db = app.system.database;
        const existing = await seedContacts(db, user.portalId, contacts(AT_START, 0));

        const dryRun = await call(app.baseUrl, `/api/hubspot/backfills/${user.portalId}/dry-run`, {
          token: user.token,
          body: { objectType: 'contact', scope: 'empty' },
        });
        expect(dryRun.body as BackfillDryRunAnswer).toMatchObject({
          recordsInScope: AT_START,
          creditsNeeded: AT_START,
        });
        const started = await startJob(app, user.token, user.portalId, {
          objectType: 'contact',
          scope: 'empty',
        });
        expect(started.progress.total).toBe(AT_START);

        // Created after the start and before the runner reads a page: above every id the job reads.
        const added = await seedContacts(db, user.portalId, contacts(50, AT_START));
        app.system.backfill!.start();
        // And more keep coming while it runs, each with a ZIP and an empty city: in scope "empty".
        let arriving = true;
        const arrivals = (async () => {
          while (arriving) {
            added.push(...(await seedContacts(db, user.portalId, contacts(10, AT_START + added.length))));
            await new Promise((r) => setTimeout(r, 20));
          }
        })();
        const job = await waitForJob(app.baseUrl, user.token, started.jobId, ['completed'], 60_000).finally(
          () => (arriving = false),
        );
        await arrivals;
        expect(added.length).toBeGreaterThan(50);
        expect(job.progress).toMatchObject({
          done: AT_START,
          total: AT_START,
          succeeded: AT_START,
          failed: 0,
          creditsSpent: AT_START,
        });

        const charged = ofType(await creditsEvents(app.system.store, user.userId), 'LookupCharged');
        expect(charged.map((c) => backfillRecordOf(c.lookupId)?.objectId).sort()).toEqual(
          [...existing].sort(),
        );
        expect((await reportOf(app.baseUrl, user.token, started.jobId)).map((r) => r.object_id)).toEqual(
          existing,
        );
        for (const id of [added[0]!, added.at(-1)!])
          expect((await contactOf(db, user.portalId, id))?.city).toBeUndefined();
        expect((await contactOf(db, user.portalId, existing.at(-1)!))?.city).toBe('New York');
      } finally {
        await app.close();
      }
    }, 90_000);
  });
}
