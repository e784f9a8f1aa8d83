import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminDays } from '../../projections/migrations/2026_12_03_0102_admin_days';
import { readModels } from '../../projections/schema';
import { backends, type TestDatabase, openForSuite } from '../support/databases';

// The consumption trends read each day's users from a counter the upgrade fills from the
// per-user days recorded before it.
for (const backend of backends) {
  describe(`the upgrade to counted users per day, on ${backend.name}`, () => {
    let database: TestDatabase;
    openForSuite(backend, (test) => {
      database = test;
    });

    it('counts each day’s users from the days already recorded, once each', async () => {
      const db = readModels(database.database.db);
      const [a, b] = [`u-${randomUUID()}`, `u-${randomUUID()}`];
      const day = (user_id: string, d: string) => ({
        user_id,
        day: d,
        successful: 3,
        failed: 1,
        nothing_to_update: 0,
      });
      await db
        .insertInto('admin_user_days')
        .values([day(a, '2099-03-01'), day(b, '2099-03-01'), day(a, '2099-03-02')])
        .execute();
      await db.schema.dropTable('admin_days').execute();

      await adminDays.up(database.database.db);

      const rows = await db
        .selectFrom('admin_days')
        .selectAll()
        .where('day', '>=', '2099-03-01')
        .orderBy('day')
        .execute();
      expect(rows).toEqual([
        { day: '2099-03-01', users: 2 },
        { day: '2099-03-02', users: 1 },
      ]);
    });
  });
}
