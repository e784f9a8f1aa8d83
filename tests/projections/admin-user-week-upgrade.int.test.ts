import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminUserWeek } from '../../projections/migrations/2026_12_06_0101_admin_user_week';
import { mergeRings, ringOf, weekTotal } from '../../projections/admin/week-ring';
import { utcDay } from '../../projections/admin/window';
import { readModels } from '../../projections/schema';
import { backends, type TestDatabase, openForSuite } from '../support/databases';

const DAY = 86_400_000;

// The 7-day figures read each user's last seven days from their counter row; the upgrade fills it
// from the per-user days recorded before it.
for (const backend of backends) {
  describe(`the upgrade to a week of lookups on each user's row, on ${backend.name}`, () => {
    let database: TestDatabase;
    openForSuite(backend, (test) => {
      database = test;
    });

    it("carries over each user's lookups of the last seven days, and none from before", async () => {
      const db = readModels(database.database.db);
      const [a, b] = [`u-${randomUUID()}`, `u-${randomUUID()}`];
      const daysAgo = (n: number) => utcDay(new Date(Date.now() - n * DAY));
      const day = (user_id: string, ago: number, successful: number, failed: number) => ({
        user_id,
        day: daysAgo(ago),
        successful,
        failed,
        nothing_to_update: 1,
      });
      const user = (user_id: string) => ({
        user_id,
        successful: 0,
        failed: 0,
        nothing_to_update: 0,
        last_lookup_at: new Date(),
      });
      await db
        .insertInto('admin_user_lookups')
        .values([user(a), user(b)])
        .execute();
      await db
        .insertInto('admin_user_days')
        .values([day(a, 0, 3, 1), day(a, 6, 2, 0), day(a, 7, 10, 0), day(b, 30, 5, 5)])
        .execute();
      await sql`ALTER TABLE admin_user_lookups DROP COLUMN week_days, DROP COLUMN week_lookups`.execute(db);

      await adminUserWeek.up(database.database.db);

      const rows = await db
        .selectFrom('admin_user_lookups')
        .select(['user_id', 'week_days', 'week_lookups'])
        .where('user_id', 'in', [a, b])
        .execute();
      const week = (id: string) => {
        const row = rows.find((r) => r.user_id === id)!;
        return { days: row.week_days, counts: row.week_lookups };
      };
      expect(weekTotal(week(a), daysAgo(6))).toBe(3 + 1 + 2);
      expect(weekTotal(week(a), daysAgo(7))).toBe(6); // the day a week ago was not carried over
      expect(weekTotal(week(b), daysAgo(40))).toBe(0);
      // Each day in the slot the projection puts it in, so its later lookups add to the same day.
      expect(week(a)).toEqual(mergeRings(ringOf(daysAgo(0), 4), ringOf(daysAgo(6), 2)));
    });
  });
}
