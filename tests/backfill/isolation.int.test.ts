import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { topUp } from '../lookups/helpers';
import { startBackfillApp, startJob, waitForJob } from './helpers';
import { seedContacts, seedRecords, userWithPortal } from '../support/sandbox-portal';

/** HubSpot's answer to a search it will never take, as its search API words it. */
const TOO_MANY_FILTERS = JSON.stringify({
  status: 'error',
  message: 'There was a problem with the request.',
  category: 'VALIDATION_ERROR',
  errors: [{ message: 'Too many filters in request (max 18)', code: 'TOO_MANY_FILTERS' }],
});

/**
 * In front of the sandbox's CRM API: company searches refused for good, or failing for now, once
 * `passing` more have gone through (the one a job's start makes to count its records).
 */
class CompanySearches {
  mode: 'pass' | 'refuse' | 'fail' = 'pass';
  passing = 0;
  readonly intercept = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (this.mode === 'pass' || req.method !== 'POST' || !/\/companies\/search$/.test(req.url ?? ''))
      return false;
    if (this.passing > 0) {
      this.passing--;
      return false;
    }
    if (this.mode === 'refuse')
      res.writeHead(400, { 'content-type': 'application/json' }).end(TOO_MANY_FILTERS);
    else
      res
        .writeHead(503, { 'content-type': 'application/json' })
        .end('{"status":"error","message":"Service Unavailable"}');
    return true;
  };
}

for (const backend of behaviourBackends) {
  describe(`backfill jobs of different portals on ${backend.name}`, () => {
    let app: RunningApp;
    const companies = new CompanySearches();
    beforeAll(async () => {
      app = await startBackfillApp(backend, { pageSize: 100, intercept: companies.intercept });
    });
    afterAll(async () => app?.close());

    /** A user whose contacts job has 300 records to fill, and another whose companies job HubSpot will not search. */
    async function twoJobs(mode: 'refuse' | 'fail') {
      const filling = await userWithPortal(app);
      await topUp(app.system, filling.userId, 300);
      await seedContacts(
        app.test.database,
        filling.portalId,
        Array.from({ length: 300 }, () => ({ zip: '10001' })),
      );
      const stuck = await userWithPortal(app);
      await seedRecords(app.test.database, stuck.portalId, 'companies', [{ zip: '60601' }]);
      companies.mode = mode;
      companies.passing = 1;
      const stuckJob = await startJob(app, stuck.token, stuck.portalId, {
        objectType: 'company',
        scope: 'all',
      });
      const fillingJob = await startJob(app, filling.token, filling.portalId, {
        objectType: 'contact',
        scope: 'all',
      });
      return { filling, fillingJob, stuck, stuckJob };
    }

    it('stops a job whose search HubSpot refuses for good, with HubSpot’s words, while another portal’s job finishes', async () => {
      try {
        const { filling, fillingJob, stuck, stuckJob } = await twoJobs('refuse');
        const done = await waitForJob(app.baseUrl, filling.token, fillingJob.jobId, ['completed']);
        expect(done.progress).toMatchObject({ done: 300, succeeded: 300 });
        const refused = await waitForJob(app.baseUrl, stuck.token, stuckJob.jobId, ['crm_refused']);
        expect(refused.stateDetail).toContain('HubSpot refused the search');
        expect(refused.stateDetail).toContain('Too many filters in request (max 18)');
      } finally {
        companies.mode = 'pass';
      }
    }, 120_000);

    it('lets a job whose searches fail for now back off alone, and finishes it once HubSpot answers again', async () => {
      const { filling, fillingJob, stuck, stuckJob } = await twoJobs('fail');
      try {
        await waitForJob(app.baseUrl, filling.token, fillingJob.jobId, ['completed']);
        expect((await waitForJob(app.baseUrl, stuck.token, stuckJob.jobId, ['running'])).progress.done).toBe(
          0,
        );
      } finally {
        companies.mode = 'pass';
      }
      const resumed = await waitForJob(app.baseUrl, stuck.token, stuckJob.jobId, ['completed']);
      expect(resumed.progress).toMatchObject({ done: 1, succeeded: 1 });
    }, 120_000);
  });
}
