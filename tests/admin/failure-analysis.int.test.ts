import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '../../api/admin/contract';
import { consolidatedDashboard } from '../../api/admin/dashboard';
import { operationalDb } from '../../api/db/operational';
import { adminFailureCounters } from '../../projections/migrations/2026_12_04_0101_admin_failure_counters';
import { readModels } from '../../projections/schema';
import { behaviourBackends } from '../support/databases';
import { freshEmail, startApp, type RunningApp } from '../support/app';
import { dashboardOfNewAdmin, historyOf } from './history';

// Half past the hour: the 24 hours begin and end inside an hour, where counters of whole hours
// cannot tell the failures in the window from those outside it.
const NOW = new Date('2026-03-10T12:30:00Z');

for (const backend of behaviourBackends) {
  describe(`Failure Analysis over the last 24 hours, on ${backend.name}`, () => {
    let app: RunningApp;
    let d: DashboardAnswer;
    const adminEmail = freshEmail('admin');

    beforeAll(async () => {
      app = await startApp(backend, { ADMIN_EMAILS: adminEmail }, { now: () => NOW });
      const h = historyOf(app.system);
      const users = [
        `fa-${Math.random().toString(36).slice(2, 8)}`,
        `fb-${Math.random().toString(36).slice(2, 8)}`,
      ];
      for (const [i, id] of users.entries()) {
        await h.register(id, `failures-${i}@example.com`, '2026-03-01T09:00:00Z');
        const fail = { fail: 'zip_not_found' as const };
        // Exactly 24 hours ago is outside; a second later, inside.
        await h.lookup(id, `30${i}`, '2026-03-09T12:30:00Z', fail);
        await h.lookup(id, `30${i}`, '2026-03-09T12:30:01Z', fail);
        await h.lookup(id, `30${i}`, '2026-03-09T13:00:00Z', fail);
        await h.lookup(id, `30${i}`, '2026-03-10T12:10:00Z', fail);
        // Now is inside; later is not.
        await h.lookup(id, `30${i}`, '2026-03-10T12:30:00Z', fail);
        await h.lookup(id, `30${i}`, '2026-03-10T12:45:00Z', fail);
      }
      d = await dashboardOfNewAdmin(app, adminEmail);
    });
    afterAll(async () => app?.close());

    it('counts the failures of exactly the last 24 hours, and each user once', () => {
      expect(d.failureAnalysis).toEqual([
        { reason: 'zip_not_found', count: 12, affected_users: 2, count_24h: 8, count_7d: 12 },
      ]);
    });

    it('gives the same figures after the upgrade fills the counters from the failures recorded before it', async () => {
      const db = readModels(app.system.database.db);
      await db.schema.dropTable('admin_failure_hours').execute();
      await db.schema.dropTable('admin_failure_reasons').execute();
      await adminFailureCounters.up(app.system.database.db);
      const again = await consolidatedDashboard(db, operationalDb(app.system.database), NOW);
      expect(again.failureAnalysis).toEqual(d.failureAnalysis);
    });
  });
}
