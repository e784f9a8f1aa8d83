import { describe, expect, it } from 'vitest';
import type { AdminBackfillsAnswer, BackfillJob, BackfillJobAnswer } from '../../api/backfill/contract';
import { call, signUp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { backfillLookupId } from '../../domain/backfill/events';
import { recordStream, type RecordChangeEvent } from '../../domain/record-history/events';
import { undoneEventId } from '../../api/lookups/ids';
import { waitUntil } from '../lookups/helpers';
import { filledJob, gatedBackfillAppForSuite, jobOf, liveLookupDone, reportOf, waitForJob } from './helpers';
import { contactOf } from '../support/sandbox-portal';

const RECORDS = 300;

for (const backend of behaviourBackends) {
  describe(`steering an undo job on ${backend.name}`, () => {
    let app: RunningApp;
    const { gate, adminEmail } = gatedBackfillAppForSuite(backend, (started) => (app = started));

    const post = (token: string, path: string) => call(app.baseUrl, path, { token, method: 'POST' });

    /** Starts undoing the job; answers the undo job as the start answered it. */
    async function startUndo(token: string, jobId: string): Promise<BackfillJob> {
      const started = await post(token, `/api/hubspot/backfill/${jobId}/undo`);
      expect(started.status).toBe(201);
      return (started.body as BackfillJobAnswer).job;
    }

    /** Lets the undo job record its first page, then holds its next one. */
    async function heldMidWay(token: string, undoJobId: string) {
      await waitUntil(async () => (await jobOf(app.baseUrl, token, undoJobId)).progress.done >= 50);
      const held = gate.held;
      gate.close();
      await waitUntil(() => gate.held > held);
    }

    it('pauses, resumes and cancels an undo job, refuses a second job on the portal while it runs, and shows it to the admin', async () => {
      const { user, job } = await filledJob(app, RECORDS);
      const undo = await startUndo(user.token, job.jobId);
      await heldMidWay(user.token, undo.jobId);

      const already = `A backfill of contacts in portal ${user.portalId} is already running (job ${undo.jobId}).`;
      expect(
        await call(app.baseUrl, `/api/hubspot/backfills/${user.portalId}`, {
          token: user.token,
          body: { objectType: 'contact', scope: 'all' },
        }),
      ).toMatchObject({ status: 409, body: { error: already } });
      expect(await post(user.token, `/api/hubspot/backfill/${job.jobId}/undo`)).toMatchObject({
        status: 409,
        body: { error: already },
      });

      const admin = await signUp(app.baseUrl, adminEmail);
      const listed = await call(app.baseUrl, '/api/auth/admin/backfills?limit=100', { token: admin.token });
      expect((listed.body as AdminBackfillsAnswer).jobs.find((j) => j.jobId === undo.jobId)).toMatchObject({
        undoOf: job.jobId,
        userId: user.userId,
        state: 'running',
        progress: { total: RECORDS, creditsSpent: 0 },
      });

      const atPause = (await jobOf(app.baseUrl, user.token, undo.jobId)).progress.done;
      expect(await post(user.token, `/api/hubspot/backfill/${undo.jobId}/pause`)).toMatchObject({
        status: 200,
        body: { job: { state: 'paused', undoOf: job.jobId } },
      });
      // The page held when it was paused is finished and recorded; no other is taken.
      gate.release();
      await waitUntil(
        async () => (await jobOf(app.baseUrl, user.token, undo.jobId)).progress.done === atPause + 50,
      );
      expect(await jobOf(app.baseUrl, user.token, undo.jobId)).toMatchObject({
        state: 'paused',
        stateDetail: 'Paused. Resume to go on from the last record restored.',
      });

      // Resumed into a closed gate: it runs again and its next page is held, so it can be cancelled mid-way.
      const held = gate.held;
      gate.close();
      expect(await post(user.token, `/api/hubspot/backfill/${undo.jobId}/resume`)).toMatchObject({
        status: 200,
        body: { job: { state: 'running' } },
      });
      expect((await jobOf(app.baseUrl, user.token, undo.jobId)).state).toBe('running');
      await waitUntil(() => gate.held > held);
      const atCancel = (await jobOf(app.baseUrl, user.token, undo.jobId)).progress.done;
      const cancelled = await post(user.token, `/api/hubspot/backfill/${undo.jobId}/cancel`);
      expect(cancelled).toMatchObject({ status: 200, body: { job: { state: 'cancelled' } } });
      const undoCancelled =
        'Cancelled. Records already restored keep their earlier values; the others keep what the job wrote.';
      expect((cancelled.body as BackfillJobAnswer).job.stateDetail).toBe(undoCancelled);
      // Likewise the page held when it was cancelled, as a backfill's is.
      gate.release();
      await waitUntil(
        async () => (await jobOf(app.baseUrl, user.token, undo.jobId)).progress.done === atCancel + 50,
      );
      const stopped = await jobOf(app.baseUrl, user.token, undo.jobId);
      expect(stopped).toMatchObject({
        state: 'cancelled',
        stateDetail: undoCancelled,
        progress: { failed: 0, skipped: 0, creditsSpent: 0 },
      });
      expect(stopped.progress.succeeded).toBe(stopped.progress.done);
      expect(stopped.progress.done).toBeLessThan(RECORDS);
      expect(await post(user.token, `/api/hubspot/backfill/${undo.jobId}/resume`)).toMatchObject({
        status: 409,
      });

      // Undone again, the job restores the records the cancelled undo left and skips those it restored.
      const again = await startUndo(user.token, job.jobId);
      const done = await waitForJob(app.baseUrl, user.token, again.jobId, ['completed']);
      expect(done.progress).toMatchObject({
        done: RECORDS,
        succeeded: RECORDS - stopped.progress.done,
        skippedByReason: { already_undone: stopped.progress.done },
        creditsSpent: 0,
      });
    });

    it('writes a live lookup while an undo job runs on the same portal, the undo’s HubSpot calls at background priority', async () => {
      const { user, job } = await filledJob(app, RECORDS);
      gate.batchPriorities.length = 0;
      const undo = await startUndo(user.token, job.jobId);
      await heldMidWay(user.token, undo.jobId);

      const live = await liveLookupDone(app, user);
      expect(await contactOf(app.system.database, user.portalId, live)).toMatchObject({ city: 'New York' });
      const during = await jobOf(app.baseUrl, user.token, undo.jobId);
      expect(during.state).toBe('running');
      expect(during.progress.done).toBeLessThan(RECORDS);

      gate.release();
      const done = await waitForJob(app.baseUrl, user.token, undo.jobId, ['completed']);
      expect(done.progress).toMatchObject({ done: RECORDS, succeeded: RECORDS, creditsSpent: 0 });
      // Each page's read and write of 50 records; the live lookup's calls are of one record.
      expect(gate.batchPriorities).toHaveLength(2 * (RECORDS / 50));
      expect(new Set(gate.batchPriorities)).toEqual(new Set(['background']));
    });

    it('counts a record whose undo an earlier try of the page recorded as restored, once, with the fields that undo kept', async () => {
      const { user, ids, job } = await filledJob(app, 60);
      // The first page held, the job paused under it: the page is recorded and no other is read.
      const held = gate.held;
      gate.close();
      const undo = await startUndo(user.token, job.jobId);
      await waitUntil(() => gate.held > held);
      await post(user.token, `/api/hubspot/backfill/${undo.jobId}/pause`);
      gate.release();
      await waitUntil(async () => (await jobOf(app.baseUrl, user.token, undo.jobId)).progress.done === 50);

      // As a try of the second page killed after its undo events and before the page was recorded
      // leaves it: the City a person typed kept, the State written back, its undo recorded.
      const objectId = ids[55]!;
      const lookupId = backfillLookupId(job.jobId, objectId);
      await app.system.sandboxCrm!.store.updateRecord(
        user.portalId,
        'contacts',
        objectId,
        { city: 'Typed', state: '' },
        'CRM_UI',
      );
      const stream = recordStream(user.portalId, 'contact', objectId);
      const earlier: RecordChangeEvent = {
        type: 'RecordChangeUndone',
        data: {
          lookupId,
          portalId: user.portalId,
          objectType: 'contact',
          objectId,
          restored: { state: '' },
          kept: [{ property: 'city', reason: 'changed_since' }],
          undoJobId: undo.jobId,
          at: new Date().toISOString(),
        },
      };
      await app.system.store.append(
        stream,
        [{ id: undoneEventId(lookupId), ...earlier, metadata: { correlationId: undo.jobId } }],
        { expected: 'no_stream' },
      );
      await post(user.token, `/api/hubspot/backfill/${undo.jobId}/resume`);

      const done = await waitForJob(app.baseUrl, user.token, undo.jobId, ['completed']);
      expect(done.progress).toMatchObject({ done: 60, succeeded: 60, skipped: 0, failed: 0 });
      const report = await reportOf(app.baseUrl, user.token, undo.jobId);
      expect(report.filter((r) => r.object_id === objectId)).toEqual([
        {
          object_id: objectId,
          outcome: 'restored',
          reason: '',
          fields_restored: 'state',
          fields_kept: 'city',
        },
      ]);
      expect(await app.system.store.readStream(stream)).toHaveLength(1);
      expect(await contactOf(app.system.database, user.portalId, objectId)).toMatchObject({
        city: 'Typed',
        state: '',
      });
    });
  });
}
