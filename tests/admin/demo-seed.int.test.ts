import { describe, expect, it } from 'vitest';
import { consolidatedDashboard } from '../../api/admin/dashboard';
import { operationalDb } from '../../api/db/operational';
import { creditsStream } from '../../domain/credits/decider';
import { readModels } from '../../projections/schema';
import { seedDemo } from '../../scripts/seed/seed';
import { backends, openForSuite, type TestDatabase } from '../support/databases';

const NOW = new Date('2026-03-10T12:00:00Z');
const USERS = 10;
const LOOKUPS = 6_000;

for (const backend of backends) {
  describe(`npm run seed:demo on ${backend.name}`, () => {
    let t: TestDatabase;
    let seeded: Awaited<ReturnType<typeof seedDemo>>;
    openForSuite(backend, async (opened) => {
      t = opened;
      seeded = await seedDemo(t.database, t.store, {
        users: USERS,
        lookups: LOOKUPS,
        logLines: LOOKUPS / 4,
        now: NOW,
        concurrency: 3,
      });
    });

    it("shows the admin every user and lookup it made, the busiest user's appended in parts", async () => {
      const d = await consolidatedDashboard(readModels(t.database.db), operationalDb(t.database), NOW);
      expect(d.systemStats.totalUsers).toBe(USERS);
      expect(d.systemStats.totalLookups).toBe(LOOKUPS);
      const busiest = d.userOverview.reduce((a, b) => (b.totalLookups > a.totalLookups ? b : a));
      const stream = await t.store.readStream(creditsStream(busiest.id));
      expect(stream.length).toBeGreaterThan(2_000);
      expect(stream.map((e) => e.revision)).toEqual(stream.map((_, i) => BigInt(i)));
    });

    it('writes about as many request log lines as asked, fewer than one a lookup', () => {
      expect(seeded.logLines).toBeGreaterThan(LOOKUPS / 4 - 300);
      expect(seeded.logLines).toBeLessThan(LOOKUPS / 4 + 300);
      expect(seeded.lostLogLines).toBe(0);
    });
  });
}
