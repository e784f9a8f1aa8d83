import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourBackends } from '../support/databases';
import { freshEmail, startApp, type RunningApp } from '../support/app';
import { dashboardOfNewAdmin, historyOf } from './history';
import type { DashboardAnswer } from '../../api/admin/contract';

const NOW = new Date('2026-03-10T12:00:00Z');
const BELOW = 53;

// A thousand users below their threshold made a dashboard answer of megabytes and a table of a
// thousand rows: the card lists the furthest below and says how many there are.
for (const backend of behaviourBackends) {
  describe(`Credit Alerts with many users below their threshold, on ${backend.name}`, () => {
    let app: RunningApp;
    let d: DashboardAnswer;
    const adminEmail = freshEmail('admin');

    beforeAll(async () => {
      app = await startApp(backend, { ADMIN_EMAILS: adminEmail }, { now: () => NOW });
      const h = historyOf(app.system);
      // Every user holds the 50 sign-up credits; user i set a threshold of 51 + i, so the last
      // user registered is the furthest below.
      for (let i = 0; i < BELOW; i++) {
        const id = `below-${i}-${Math.random().toString(36).slice(2, 8)}`;
        await h.register(id, `below-${String(i).padStart(2, '0')}@example.com`, '2026-03-01T09:00:00Z');
        await h.threshold(id, 51 + i, '2026-03-01T09:05:00Z');
      }
      const above = `above-${Math.random().toString(36).slice(2, 8)}`;
      await h.register(above, 'above@example.com', '2026-03-01T09:00:00Z');
      await h.threshold(above, 10, '2026-03-01T09:05:00Z');
      d = await dashboardOfNewAdmin(app, adminEmail);
    });
    afterAll(async () => app?.close());

    it('lists the 50 users furthest below their threshold and counts every user below it', () => {
      expect(d.creditAlertsTotal).toBe(BELOW);
      expect(d.creditAlerts).toHaveLength(50);
      expect(d.creditAlerts[0]).toEqual({
        email: `below-${BELOW - 1}@example.com`,
        credits: 50,
        credit_threshold: 50 + BELOW,
        credits_below_threshold: BELOW,
        recent_lookups: 0,
      });
      expect(d.creditAlerts.at(-1)!.credits_below_threshold).toBe(BELOW - 49);
      expect(d.creditAlerts.map((a) => a.email)).not.toContain('above@example.com');
    });
  });
}
