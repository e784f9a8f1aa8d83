import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourBackends } from '../support/databases';
import { freshEmail, startApp, type RunningApp } from '../support/app';
import { dashboardOfNewAdmin, historyOf } from './history';
import type { DashboardAnswer } from '../../api/admin/contract';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();

// The dashboard counts users per engagement level in the database; each user below sits on one
// side of a boundary the rule draws (domain/admin/rules.ts).
for (const backend of behaviourBackends) {
  describe(`engagement levels at their boundaries, on ${backend.name}`, () => {
    let app: RunningApp;
    let d: DashboardAnswer;
    const adminEmail = freshEmail('admin');

    beforeAll(async () => {
      app = await startApp(backend, { ADMIN_EMAILS: adminEmail }, { now: () => new Date(NOW) });
      const h = historyOf(app.system);
      const user = async (name: string, lookupsAt: number[]) => {
        const id = `${name}-${Math.random().toString(36).slice(2, 8)}`;
        await h.register(id, `${id}@example.com`, '2026-01-01T09:00:00Z');
        for (const time of lookupsAt) await h.lookup(id, `portal-${id}`, at(time));
      };
      await user(
        'fifty-this-week',
        Array.from({ length: 50 }, (_, i) => NOW - DAY + i * 60_000),
      );
      await user('just-inside-a-week', [NOW - 7 * DAY + 1000]);
      await user('exactly-a-week', [NOW - 7 * DAY]);
      await user('just-inside-30-days', [NOW - 30 * DAY + 1000]);
      await user('exactly-30-days', [NOW - 30 * DAY]);
      await user('never', []);
      d = await dashboardOfNewAdmin(app, adminEmail);
    });
    afterAll(async () => app?.close());

    it('puts 50 lookups in 7 days in Highly Active, a lookup under 7 days ago in Active, under 30 in Recent, older in Dormant', () => {
      expect(d.userEngagement).toEqual([
        { engagement_level: 'Highly Active', user_count: 1, avg_lookups: 50 },
        { engagement_level: 'Active', user_count: 1, avg_lookups: 1 },
        { engagement_level: 'Recent', user_count: 2, avg_lookups: 1 },
        { engagement_level: 'Dormant', user_count: 1, avg_lookups: 1 },
        // "never" and the admin.
        { engagement_level: 'Never Used', user_count: 2, avg_lookups: 0 },
      ]);
      expect(d.systemStats.activeUsers7d).toBe(1);
    });
  });
}
