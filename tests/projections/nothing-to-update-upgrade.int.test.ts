import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { nothingToUpdate } from '../../projections/migrations/2026_11_30_0101_nothing_to_update';
import { creditUsageOf } from '../../projections/credits/queries';
import { dailyUsageOf } from '../../projections/usage/queries';
import { readModels, type ReadModelDb } from '../../projections/schema';
import { backends, type TestDatabase, openForSuite } from '../support/databases';

// Before the upgrade, a lookup whose record had nothing to update was counted as failed with
// reason already_filled in every read model; the upgrade moves those counts apart.
for (const backend of backends) {
  describe(`the upgrade to three outcomes, on ${backend.name}`, () => {
    let database: TestDatabase;
    let db: ReadModelDb;
    openForSuite(backend, (test) => {
      database = test;
      db = readModels(test.database.db);
    });

    it('shows existing "already filled" failures as nothing to update, in Your Usage, the chart, the admin’s lookups and Failure Analysis', async () => {
      const user = `u-${randomUUID()}`;
      await db
        .insertInto('daily_usage')
        .values({
          user_id: user,
          date: '2026-03-01',
          successful_lookups: 2,
          failed_lookups: 5,
          failure_reasons: { already_filled: 3, zip_not_found: 2 },
          successful_by_source: { webhook: 2 },
        })
        .execute();
      await db
        .insertInto('credit_balances')
        .values({ user_id: user, balance: 40, credits_used: 2, failed_attempts: 5, updated_at: new Date() })
        .execute();
      const summary = (id: string, outcome: 'failed' | 'success', reason: string | null) => ({
        lookup_id: `${user}-${id}`,
        user_id: user,
        portal_id: 'p1',
        object_type: 'contact',
        object_id: id,
        zip: '10001',
        source: 'webhook',
        outcome,
        reason,
        credits_before: 40,
        credits_after: 40,
        requested_at: '2026-03-01T10:00:00Z',
        at: '2026-03-01T10:00:00Z',
        duration_ms: 1,
        request_id: null,
      });
      await db
        .insertInto('admin_lookups')
        .values([
          summary('1', 'failed', 'already_filled'),
          summary('2', 'failed', 'already_filled'),
          summary('3', 'failed', 'already_filled'),
          summary('4', 'failed', 'zip_not_found'),
          summary('5', 'failed', 'zip_not_found'),
        ])
        .execute();
      await db
        .insertInto('admin_user_lookups')
        .values({
          user_id: user,
          successful: 2,
          failed: 5,
          nothing_to_update: 0,
          last_lookup_at: '2026-03-01T10:00:00Z',
        })
        .execute();
      await db
        .insertInto('admin_user_days')
        .values({ user_id: user, day: '2026-03-01', successful: 2, failed: 5, nothing_to_update: 0 })
        .execute();
      await db
        .insertInto('admin_failure_users')
        .values([
          { reason: 'already_filled', user_id: user, failures: 3 },
          { reason: 'zip_not_found', user_id: user, failures: 2 },
        ])
        .execute();

      await nothingToUpdate.up(database.database.db);

      expect(await dailyUsageOf(db, user, '2026-03-01', '2026-03-01')).toEqual([
        expect.objectContaining({
          failed_lookups: 2,
          nothing_to_update: 3,
          failure_reasons: { zip_not_found: 2 },
        }),
      ]);
      expect(await creditUsageOf(db, user)).toMatchObject({ failedAttempts: 2, nothingToUpdate: 3 });
      const outcomes = await db
        .selectFrom('admin_lookups')
        .select(['outcome', sql<number>`count(*)::int`.as('n')])
        .where('user_id', '=', user)
        .groupBy('outcome')
        .orderBy('outcome')
        .execute();
      expect(outcomes).toEqual([
        { outcome: 'failed', n: 2 },
        { outcome: 'nothing_to_update', n: 3 },
      ]);
      for (const table of ['admin_user_lookups', 'admin_user_days'] as const) {
        const counts = await db
          .selectFrom(table)
          .select(['failed', 'nothing_to_update'])
          .where('user_id', '=', user)
          .execute();
        expect(counts, table).toEqual([{ failed: 2, nothing_to_update: 3 }]);
      }
      expect(
        await db
          .selectFrom('admin_failure_users')
          .select(['reason', 'failures'])
          .where('user_id', '=', user)
          .execute(),
      ).toEqual([{ reason: 'zip_not_found', failures: 2 }]);
    });
  });
}
