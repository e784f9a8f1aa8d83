import { describe, expect, it } from 'vitest';
import type {
  AdminBackfillsAnswer,
  BackfillJobAnswer,
  BackfillJobsAnswer,
} from '../../api/backfill/contract';
import { call, signUp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { creditsEvents, ofType, topUp, waitUntil } from '../lookups/helpers';
import { jobOf, liveLookupDone, runJob, gatedBackfillAppForSuite, startJob, waitForJob } from './helpers';
import { contactOf, seedContacts, userWithPortal } from '../support/sandbox-portal';

for (const backend of behaviourBackends) {
  describe(`steering backfill jobs on ${backend.name}`, () => {
    let app: RunningApp;
    const { gate, adminEmail } = gatedBackfillAppForSuite(backend, (started) => (app = started));

    it('processes live lookups while a job runs, refuses a second job naming the running one, pauses and resumes', async () => {
      const user = await userWithPortal(app);
      await topUp(app.system, user.userId, 500);
      await seedContacts(
        app.system.database,
        user.portalId,
        Array.from({ length: 300 }, (_, i) => ({ firstname: `C${i}`, zip: '30301' })),
      );
      const job = await startJob(app, user.token, user.portalId, { objectType: 'contact', scope: 'empty' });
      await waitUntil(async () => (await jobOf(app.baseUrl, user.token, job.jobId)).progress.done >= 50);
      gate.close();
      await waitUntil(() => gate.held > 0);

      const second = await call(app.baseUrl, `/api/hubspot/backfills/${user.portalId}`, {
        token: user.token,
        body: { objectType: 'contact', scope: 'all' },
      });
      expect(second).toMatchObject({
        status: 409,
        body: {
          error: `A backfill of contacts in portal ${user.portalId} is already running (job ${job.jobId}).`,
        },
      });

      const live = await liveLookupDone(app, user);
      expect(await contactOf(app.system.database, user.portalId, live)).toMatchObject({ city: 'New York' });
      const during = await jobOf(app.baseUrl, user.token, job.jobId);
      expect(during.state).toBe('running');
      expect(during.progress.done).toBeLessThan(300);

      const paused = await call(app.baseUrl, `/api/hubspot/backfill/${job.jobId}/pause`, {
        token: user.token,
        method: 'POST',
      });
      expect(paused).toMatchObject({ status: 200, body: { job: { state: 'paused' } } });
      gate.release();
      const atPause = await waitForJob(app.baseUrl, user.token, job.jobId, ['paused']);
      const resumed = await call(app.baseUrl, `/api/hubspot/backfill/${job.jobId}/resume`, {
        token: user.token,
        method: 'POST',
      });
      expect((resumed.body as BackfillJobAnswer).job.state).toBe('running');
      const done = await waitForJob(app.baseUrl, user.token, job.jobId, ['completed']);
      expect(done.progress).toMatchObject({ done: 300, succeeded: 300, creditsSpent: 300 });
      expect(atPause.progress.done).toBeLessThanOrEqual(300);
      const charges = ofType(await creditsEvents(app.system.store, user.userId), 'LookupCharged');
      expect(charges.filter((c) => c.source === 'backfill')).toHaveLength(300);
      expect(charges.filter((c) => c.source !== 'backfill').map((c) => c.objectId)).toEqual([live]);
    });

    it('cancels a job at the user’s word, and a deleted connection cancels its jobs', async () => {
      const user = await userWithPortal(app);
      await seedContacts(
        app.system.database,
        user.portalId,
        Array.from({ length: 200 }, (_, i) => ({ firstname: `C${i}`, zip: '60601' })),
      );
      gate.close();
      const first = await startJob(app, user.token, user.portalId, { objectType: 'contact', scope: 'empty' });
      await waitUntil(() => gate.held > 0);
      const cancelled = await call(app.baseUrl, `/api/hubspot/backfill/${first.jobId}/cancel`, {
        token: user.token,
        method: 'POST',
      });
      expect(cancelled).toMatchObject({ status: 200, body: { job: { state: 'cancelled' } } });
      const again = await call(app.baseUrl, `/api/hubspot/backfill/${first.jobId}/resume`, {
        token: user.token,
        method: 'POST',
      });
      expect(again.status).toBe(409);

      const second = await startJob(app, user.token, user.portalId, {
        objectType: 'contact',
        scope: 'empty',
      });
      const deleted = await call(app.baseUrl, `/api/auth/hubspot-connection/${user.portalId}`, {
        token: user.token,
        method: 'DELETE',
      });
      expect(deleted.status).toBe(200);
      gate.release();
      const job = await waitForJob(app.baseUrl, user.token, second.jobId, ['cancelled']);
      expect(job.stateDetail).toContain('connection was deleted');

      const list = await call(app.baseUrl, '/api/hubspot/backfills', { token: user.token });
      expect((list.body as BackfillJobsAnswer).jobs.map((j) => j.jobId)).toEqual([second.jobId, first.jobId]);
    });

    it('shows the admin every job with its user and progress, and nobody else', async () => {
      const user = await userWithPortal(app);
      await seedContacts(app.system.database, user.portalId, [{ firstname: 'A', zip: '10001' }]);
      const job = await runJob(app, user, { objectType: 'contact', scope: 'all' });
      const refused = await call(app.baseUrl, '/api/auth/admin/backfills', { token: user.token });
      expect(refused.status).toBe(403);
      const admin = await signUp(app.baseUrl, adminEmail);
      const { status, body } = await call(app.baseUrl, '/api/auth/admin/backfills?limit=100', {
        token: admin.token,
      });
      expect(status).toBe(200);
      const answer = body as AdminBackfillsAnswer;
      expect(answer.jobs.find((j) => j.jobId === job.jobId)).toMatchObject({
        userId: user.userId,
        userEmail: user.email,
        state: 'completed',
        progress: { done: 1, succeeded: 1, creditsSpent: 1 },
      });
    });
  });
}
