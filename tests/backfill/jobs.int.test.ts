import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackfillDryRunAnswer } from '../../api/backfill/contract';
import type { UsageChartAnswer } from '../../api/lookups/contract';
import { lastWrittenValues } from '../../projections/writes/queries';
import { call, freshEmail, signUp, type RunningApp } from '../support/app';
import { backends } from '../support/databases';
import { everyMode } from '../support/portals';
import { creditsEvents, foldBalance, ofType, topUp, waitUntil } from '../lookups/helpers';
import { reportOf, runJob, startBackfillApp, startJob, waitForJob } from './helpers';
import { contactOf, seedContacts, userWithPortal } from '../support/sandbox-portal';

const ZIPS = ['10001', '60601', '02134', '94105', '30301'];

for (const backend of backends) {
  describe(`backfill jobs over HTTP on ${backend.name}`, () => {
    let app: RunningApp;
    const adminEmail = freshEmail('admin');
    beforeAll(async () => {
      app = await startBackfillApp(backend, { env: { ADMIN_EMAILS: adminEmail } });
    });
    afterAll(async () => app?.close());

    it('dry-runs a hand-built portal: records in scope, to fill, nothing to update, failures by reason, credits needed and covered, nothing charged or written', async () => {
      const user = await userWithPortal(app);
      const ids = await seedContacts(app.system.database, user.portalId, [
        { firstname: 'A', zip: '10001' },
        { firstname: 'B', zip: '10001', city: '' },
        { firstname: 'C', zip: '60601' },
        { firstname: 'D', zip: '02134-1234' },
        { firstname: 'E', zip: 'abc' },
        { firstname: 'F', zip: '00000' },
        { firstname: 'G', zip: '60601', city: 'Chicago', state: 'IL' },
        { firstname: 'H' },
        { firstname: 'I', zip: '' },
      ]);
      const dryRun = async (scope: 'all' | 'empty') => {
        const { status, body } = await call(app.baseUrl, `/api/hubspot/backfills/${user.portalId}/dry-run`, {
          token: user.token,
          body: { objectType: 'contact', scope },
        });
        expect(status).toBe(200);
        return body as BackfillDryRunAnswer;
      };
      expect(await dryRun('all')).toEqual({
        request: { objectType: 'contact', scope: 'all' },
        recordsInScope: 7,
        creditsNeeded: 4,
        nothingToUpdate: 1,
        failures: { invalid_zip_format: 1, zip_not_found: 1 },
        balance: 50,
        recordsCovered: 4,
      });
      expect(await dryRun('empty')).toMatchObject({
        recordsInScope: 6,
        creditsNeeded: 4,
        nothingToUpdate: 0,
        failures: { invalid_zip_format: 1, zip_not_found: 1 },
      });
      const events = await creditsEvents(app.system.store, user.userId);
      expect(events.map((e) => e.type)).toEqual(['CreditsAdded']);
      expect((await contactOf(app.system.database, user.portalId, ids[0]!))?.city).toBeUndefined();
    });

    it('refuses a request it cannot act on with a message naming the field', async () => {
      const user = await userWithPortal(app);
      const bad = await call(app.baseUrl, `/api/hubspot/backfills/${user.portalId}/dry-run`, {
        token: user.token,
        body: { objectType: 'deal', scope: 'all' },
      });
      expect(bad).toMatchObject({ status: 400, body: { error: expect.stringContaining('objectType') } });
      const other = await call(app.baseUrl, `/api/hubspot/backfills/999999999/dry-run`, {
        token: user.token,
        body: { objectType: 'contact', scope: 'all' },
      });
      expect(other.status).toBe(404);
    });

    it('charges a 1,000-record job exactly one credit per success, and the ledger, usage, report and CRM agree', async () => {
      const user = await userWithPortal(app);
      await topUp(app.system, user.userId, 1000);
      const contacts = Array.from({ length: 1000 }, (_, i) => ({
        firstname: `Contact ${i}`,
        zip: i % 20 === 0 ? 'n/a' : ZIPS[i % ZIPS.length]!,
      }));
      const ids = await seedContacts(app.system.database, user.portalId, contacts);
      const started = await startJob(app, user.token, user.portalId, {
        objectType: 'contact',
        scope: 'empty',
      });
      expect(started).toMatchObject({ state: 'running', progress: { total: 1000 } });

      const job = await waitForJob(app.baseUrl, user.token, started.jobId, ['completed']);
      expect(job.progress).toMatchObject({
        done: 1000,
        total: 1000,
        succeeded: 950,
        failed: 50,
        failuresByReason: { invalid_zip_format: 50 },
        creditsSpent: 950,
      });

      const events = await creditsEvents(app.system.store, user.userId);
      const charges = ofType(events, 'LookupCharged');
      expect(charges).toHaveLength(950);
      expect(new Set(charges.map((c) => c.lookupId)).size).toBe(950);
      expect(charges.every((c) => c.source === 'backfill')).toBe(true);
      expect(ofType(events, 'LookupSucceeded')).toHaveLength(950);
      const failures = ofType(events, 'LookupFailed');
      expect(failures).toHaveLength(50);
      expect(failures.every((f) => f.reason === 'invalid_zip_format' && !f.refunded)).toBe(true);
      expect(foldBalance(events)).toEqual({ balance: 100, lowest: 0 });
      const balance = await call(app.baseUrl, '/api/auth/credit-balance', { token: user.token });
      expect(balance.body).toMatchObject({ creditBalance: 100 });

      await waitUntil(async () => {
        const usage = await call(app.baseUrl, '/api/auth/usage-chart-data', { token: user.token });
        const days = (usage.body as UsageChartAnswer).data;
        return (
          days.reduce((n, d) => n + d.successful_lookups, 0) === 950 &&
          days.reduce((n, d) => n + d.failed_lookups, 0) === 50
        );
      });

      const report = await reportOf(app.baseUrl, user.token, started.jobId);
      expect(report).toHaveLength(1000);
      expect(report.filter((r) => r.outcome === 'succeeded')).toHaveLength(950);
      expect(report.find((r) => r.object_id === ids[1])).toMatchObject({
        zip: ZIPS[1],
        outcome: 'succeeded',
        fields_written: 'city=Chicago; state=IL',
        other_cities: '',
        counties: 'Cook County, IL (100%)',
      });
      expect(report.find((r) => r.zip === '02134' && r.outcome === 'succeeded')).toMatchObject({
        counties: 'Suffolk County, MA (99.6%); Middlesex County, MA (0.4%)',
      });
      expect(report.find((r) => r.object_id === ids[0])).toMatchObject({
        outcome: 'failed',
        reason: 'invalid_zip_format',
      });
      expect(await contactOf(app.system.database, user.portalId, ids[999]!)).toMatchObject({
        city: 'Atlanta',
      });
    });

    it('stops out of credits without charging or failing the records not reached, and resumes by itself after a purchase', async () => {
      const user = await userWithPortal(app);
      const ids = await seedContacts(
        app.system.database,
        user.portalId,
        Array.from({ length: 120 }, (_, i) => ({ firstname: `C${i}`, zip: '10001' })),
      );
      const started = await startJob(app, user.token, user.portalId, {
        objectType: 'contact',
        scope: 'empty',
      });
      const stopped = await waitForJob(app.baseUrl, user.token, started.jobId, ['out_of_credits']);
      expect(stopped.progress).toMatchObject({ done: 50, succeeded: 50, failed: 0, creditsSpent: 50 });
      expect(stopped.stateDetail).toContain('after a purchase');
      let events = await creditsEvents(app.system.store, user.userId);
      expect(ofType(events, 'LookupCharged')).toHaveLength(50);
      expect(ofType(events, 'LookupFailed')).toHaveLength(0);
      expect((await contactOf(app.system.database, user.portalId, ids[50]!))?.city).toBeUndefined();

      await topUp(app.system, user.userId, 100);
      const done = await waitForJob(app.baseUrl, user.token, started.jobId, ['completed']);
      expect(done.progress).toMatchObject({ done: 120, succeeded: 120, creditsSpent: 120 });
      events = await creditsEvents(app.system.store, user.userId);
      const charged = ofType(events, 'LookupCharged').map((c) => c.objectId);
      expect(charged).toHaveLength(120);
      expect(new Set(charged)).toEqual(new Set(ids));
      expect(foldBalance(events)).toEqual({ balance: 30, lowest: 0 });
    });

    it('in "keep what people entered" moves what ZipFill wrote with the ZIP and leaves a value a person typed alone', async () => {
      const user = await userWithPortal(app, {
        modes: everyMode('keep_entered'),
      });
      const [edited, moved] = await seedContacts(app.system.database, user.portalId, [
        { firstname: 'Edited', zip: '10001' },
        { firstname: 'Moved', zip: '10001' },
      ]);
      await runJob(app, user, { objectType: 'contact', scope: 'all' });
      await waitUntil(
        async () => (await lastWrittenValues(app.system, user.portalId, 'contact', [moved!])).size === 1,
      );

      const store = app.system.sandboxCrm!.store;
      await store.updateRecord(user.portalId, 'contacts', edited!, { city: 'Manhattan' }, 'CRM_UI');
      await store.updateRecord(user.portalId, 'contacts', moved!, { zip: '60601' }, 'CRM_UI');
      const job = await runJob(app, user, { objectType: 'contact', scope: 'all' });
      expect(job.progress).toMatchObject({
        done: 2,
        succeeded: 1,
        nothingToUpdate: 1,
        failed: 0,
        failuresByReason: {},
      });
      expect(await contactOf(app.system.database, user.portalId, edited!)).toMatchObject({
        city: 'Manhattan',
      });
      expect(await contactOf(app.system.database, user.portalId, moved!)).toMatchObject({ city: 'Chicago' });
      // The search page held the values the job replaced: recorded with the change, for its history and undo.
      const changes = ofType(await creditsEvents(app.system.store, user.userId), 'LookupSucceeded');
      expect(changes.filter((c) => c.objectId === moved).at(-1)).toMatchObject({
        filled: { city: 'Chicago' },
        before: { city: 'New York' },
      });
      const report = await reportOf(app.baseUrl, user.token, job.jobId);
      expect(report.find((r) => r.object_id === edited)).toMatchObject({
        outcome: 'nothing_to_update',
        reason: '',
      });
    });

    it('tells every record of a job in the admin’s Logs under “Lookups only”, grouped as the job’s request', async () => {
      const admin = await signUp(app.baseUrl, adminEmail);
      const user = await userWithPortal(app);
      await seedContacts(app.system.database, user.portalId, [
        { firstname: 'A', zip: '10001' },
        { firstname: 'B', zip: '60601' },
        { firstname: 'C', zip: 'abc' },
      ]);
      const job = await runJob(app, user, { objectType: 'contact', scope: 'all' });
      await app.system.requestLogs.flush();

      const requestId = `backfill-${job.jobId}`;
      const lines = await call(
        app.baseUrl,
        `/api/logs/admin/logs?lookupOnly=true&groupByRequest=false&requestId=${requestId}`,
        { token: admin.token },
      );
      const logs = (lines.body as { logs: { message: string; metadata: Record<string, unknown> }[] }).logs;
      expect(logs).toHaveLength(3);
      expect(logs.every((l) => l.metadata.source === 'backfill')).toBe(true);
      expect(logs.map((l) => l.metadata.outcome).sort()).toEqual(['failed', 'success', 'success']);

      const timeline = await call(app.baseUrl, `/api/logs/admin/logs/request/${requestId}`, {
        token: admin.token,
      });
      expect((timeline.body as { logs: unknown[] }).logs).toHaveLength(3);
    });

    // Last in the file: it stops the read models' projections, as a restart's backlog holds them back.
    it('answers a cancel with the state it recorded, also while the read models are still catching up', async () => {
      const user = await userWithPortal(app);
      await seedContacts(
        app.system.database,
        user.portalId,
        Array.from({ length: 60 }, (_, i) => ({ firstname: `C${i}`, zip: '10001' })),
      );
      const started = await startJob(app, user.token, user.portalId, {
        objectType: 'contact',
        scope: 'empty',
      });
      await waitForJob(app.baseUrl, user.token, started.jobId, ['out_of_credits']);

      await app.system.runner.stop();
      const cancelled = await call(app.baseUrl, `/api/hubspot/backfill/${started.jobId}/cancel`, {
        token: user.token,
        method: 'POST',
      });
      expect(cancelled).toMatchObject({ status: 200, body: { job: { state: 'cancelled' } } });
    });
  });
}
