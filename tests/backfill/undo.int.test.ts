import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackfillJob, BackfillJobAnswer, UndoDryRunAnswer } from '../../api/backfill/contract';
import type { RecordHistoryAnswer } from '../../api/record-history/contract';
import { call, signUp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { creditsEvents } from '../lookups/helpers';
import { filledJob, reportOf, startBackfillApp, waitForJob } from './helpers';
import { contactOf } from '../support/sandbox-portal';

for (const backend of behaviourBackends) {
  describe(`undoing a whole backfill job on ${backend.name}`, () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startBackfillApp(backend, { pageSize: 100 });
    });
    afterAll(async () => app?.close());

    const post = (token: string, path: string) => call(app.baseUrl, path, { token, method: 'POST' });

    async function undo(token: string, jobId: string): Promise<BackfillJob> {
      const started = await post(token, `/api/hubspot/backfill/${jobId}/undo`);
      expect(started.status).toBe(201);
      const job = (started.body as BackfillJobAnswer).job;
      expect(job).toMatchObject({ undoOf: jobId, progress: { creditsSpent: 0 } });
      return waitForJob(app.baseUrl, token, job.jobId, ['completed']);
    }

    it('restores the 480 records a person left alone, keeps the 20 a person edited since, and moves no credit', async () => {
      const { user, ids, job } = await filledJob(app, 500);
      const store = app.system.sandboxCrm!.store;
      const edited = ids.filter((_, i) => i % 25 === 0);
      expect(edited).toHaveLength(20);
      for (const id of edited)
        await store.updateRecord(user.portalId, 'contacts', id, { city: 'Typed', state: 'Typed' }, 'CRM_UI');
      const creditsBefore = (await creditsEvents(app.system.store, user.userId)).length;

      const dryRun = await post(user.token, `/api/hubspot/backfill/${job.jobId}/undo/dry-run`);
      expect(dryRun).toMatchObject({ status: 200 });
      expect(dryRun.body).toEqual({
        jobId: job.jobId,
        portalId: user.portalId,
        objectType: 'contact',
        recordsChanged: 500,
        wouldRestore: 480,
        skipped: { changed_since: 20 },
      } satisfies UndoDryRunAnswer);

      const undone = await undo(user.token, job.jobId);
      expect(undone.progress).toMatchObject({
        done: 500,
        total: 500,
        succeeded: 480,
        skipped: 20,
        skippedByReason: { changed_since: 20 },
        failed: 0,
        creditsSpent: 0,
      });
      // Exactly the earlier values: the fields were empty before the job.
      const restored = ids.find((id) => !edited.includes(id))!;
      expect(await contactOf(app.system.database, user.portalId, restored)).toMatchObject({
        city: '',
        state: '',
      });
      expect(await contactOf(app.system.database, user.portalId, edited[0]!)).toMatchObject({
        city: 'Typed',
        state: 'Typed',
      });
      expect((await creditsEvents(app.system.store, user.userId)).length).toBe(creditsBefore);

      const report = await reportOf(app.baseUrl, user.token, undone.jobId);
      expect(report).toHaveLength(500);
      expect(report.filter((r) => r.outcome === 'restored')).toHaveLength(480);
      expect(report.find((r) => r.object_id === restored)).toEqual({
        object_id: restored,
        outcome: 'restored',
        reason: '',
        fields_restored: 'city; state',
        fields_kept: '',
      });
      expect(report.find((r) => r.object_id === edited[0])).toMatchObject({
        outcome: 'skipped',
        reason: 'changed_since',
      });

      const history = await call(
        app.baseUrl,
        `/api/hubspot/records/${user.portalId}/contact/${restored}/history`,
        {
          token: user.token,
        },
      );
      expect((history.body as RecordHistoryAnswer).entries[0]).toMatchObject({
        kind: 'undo',
        fields: [
          { property: 'city', after: '' },
          { property: 'state', after: '' },
        ],
        credits: 0,
      });
    });

    it('changes nothing when the same job is undone again: every record it restored is already undone', async () => {
      const { user, ids, job } = await filledJob(app, 30);
      await undo(user.token, job.jobId);
      const before = await contactOf(app.system.database, user.portalId, ids[0]!);
      const again = await undo(user.token, job.jobId);
      expect(again.progress).toMatchObject({
        done: 30,
        succeeded: 0,
        skippedByReason: { already_undone: 30 },
      });
      expect(await contactOf(app.system.database, user.portalId, ids[0]!)).toEqual(before);
    });

    it('restores the fields of a record a person left alone and keeps the one a person edited', async () => {
      const { user, ids, job } = await filledJob(app, 5);
      await app.system.sandboxCrm!.store.updateRecord(
        user.portalId,
        'contacts',
        ids[0]!,
        { city: 'Typed' },
        'CRM_UI',
      );
      const undone = await undo(user.token, job.jobId);
      expect(undone.progress).toMatchObject({ succeeded: 5, skipped: 0 });
      expect(await contactOf(app.system.database, user.portalId, ids[0]!)).toMatchObject({
        city: 'Typed',
        state: '',
      });
      const report = await reportOf(app.baseUrl, user.token, undone.jobId);
      expect(report.find((r) => r.object_id === ids[0])).toMatchObject({
        fields_restored: 'state',
        fields_kept: 'city',
      });
    });

    it('refuses to undo an undo job, and another account’s job, saying why', async () => {
      const { user, job } = await filledJob(app, 3);
      const undone = await undo(user.token, job.jobId);
      expect(await post(user.token, `/api/hubspot/backfill/${undone.jobId}/undo/dry-run`)).toMatchObject({
        status: 409,
        body: { error: expect.stringContaining('cannot itself be undone') },
      });
      const other = await signUp(app.baseUrl);
      expect(await post(other.token, `/api/hubspot/backfill/${job.jobId}/undo`)).toMatchObject({
        status: 404,
        body: { error: 'There is no such backfill job on your account.' },
      });
    });
  });
}
