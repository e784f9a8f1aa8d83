import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { creditsEvents, foldBalance, ofType, topUp } from '../lookups/helpers';
import { startBackfillApp, startJob, waitForJob } from './helpers';
import { contactOf, seedContacts, userWithPortal } from '../support/sandbox-portal';

/**
 * HubSpot in a bad minute, in front of the sandbox's CRM API: two calls in three answered 429
 * with Retry-After, and every seventh a 503, never more in a row than the client waits out.
 */
class Storm {
  calls = 0;
  refused = 0;
  failed = 0;
  raging = false;
  readonly intercept = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!this.raging || !req.url?.startsWith('/sandbox/hubspot/crm/objects/2026-03/')) return false;
    const n = ++this.calls;
    if (n % 7 === 0) {
      this.failed++;
      res
        .writeHead(503, { 'content-type': 'application/json' })
        .end('{"status":"error","message":"Service Unavailable"}');
      return true;
    }
    if (n % 3 === 0) return false;
    this.refused++;
    res
      .writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' })
      .end('{"status":"error","errorType":"RATE_LIMIT","policyName":"TEN_SECONDLY_ROLLING"}');
    return true;
  };
}

for (const backend of behaviourBackends) {
  describe(`a backfill in a 429 storm on ${backend.name}`, () => {
    let app: RunningApp;
    const storm = new Storm();
    beforeAll(async () => {
      app = await startBackfillApp(backend, { pageSize: 100, intercept: storm.intercept });
    });
    afterAll(async () => app?.close());

    it('waits out every 429 and 5xx and fills every record once, charging each success once', async () => {
      const user = await userWithPortal(app);
      await topUp(app.system, user.userId, 300);
      const ids = await seedContacts(
        app.system.database,
        user.portalId,
        Array.from({ length: 300 }, (_, i) => ({ firstname: `C${i}`, zip: '94105' })),
      );
      storm.raging = true;
      const started = await startJob(app, user.token, user.portalId, {
        objectType: 'contact',
        scope: 'empty',
      });
      const job = await waitForJob(app.baseUrl, user.token, started.jobId, ['completed']);
      storm.raging = false;

      expect(storm.refused).toBeGreaterThan(5);
      expect(storm.failed).toBeGreaterThan(0);
      expect(job.progress).toMatchObject({ done: 300, succeeded: 300, failed: 0, creditsSpent: 300 });
      const events = await creditsEvents(app.system.store, user.userId);
      const charged = ofType(events, 'LookupCharged').map((c) => c.objectId);
      expect(charged.sort()).toEqual([...ids].sort());
      expect(ofType(events, 'LookupFailed')).toHaveLength(0);
      expect(foldBalance(events)).toEqual({ balance: 50, lowest: 0 });
      for (const id of [ids[0]!, ids[150]!, ids[299]!])
        expect(await contactOf(app.system.database, user.portalId, id)).toMatchObject({
          city: 'San Francisco',
        });
    });
  });
}
