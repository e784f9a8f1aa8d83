import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminUserAccounts } from '../../projections/migrations/2026_12_06_0103_admin_user_accounts';
import { readModels } from '../../projections/schema';
import { backends, type TestDatabase, openForSuite } from '../support/databases';

// The figures over every account read one admin row per user; the upgrade makes one for every
// account and copies onto it what the accounts and balances read models hold.
for (const backend of backends) {
  describe(`the upgrade to one admin row per account, on ${backend.name}`, () => {
    let database: TestDatabase;
    openForSuite(backend, (test) => {
      database = test;
    });

    it("gives every account a row with its registration, partner, deletion and balance, and keeps a user's counts", async () => {
      const db = readModels(database.database.db);
      const [looked, idle, gone] = [`u-${randomUUID()}`, `u-${randomUUID()}`, `u-${randomUUID()}`];
      const account = (user_id: string, partner: string | null, deleted: boolean) => ({
        user_id,
        email: `${user_id}@example.com`,
        created_at: '2026-03-01T09:00:00Z',
        partner,
        credit_threshold: null,
        deleted,
      });
      await db
        .insertInto('accounts')
        .values([account(looked, 'partner-a', false), account(idle, null, false), account(gone, null, true)])
        .execute();
      const balance = (user_id: string, n: number) => ({
        user_id,
        balance: n,
        credits_used: 0,
        failed_attempts: 0,
        nothing_to_update: 0,
        updated_at: '2026-03-01T09:00:00Z',
      });
      await db
        .insertInto('credit_balances')
        .values([balance(looked, 41), balance(gone, 7)])
        .execute();
      await db
        .insertInto('admin_user_lookups')
        .values({
          user_id: looked,
          successful: 9,
          failed: 1,
          nothing_to_update: 0,
          last_lookup_at: '2026-03-02T09:00:00Z',
        })
        .execute();
      await sql`ALTER TABLE admin_user_lookups
                  DROP COLUMN registered_at, DROP COLUMN partner, DROP COLUMN deleted, DROP COLUMN balance`.execute(
        db,
      );

      await adminUserAccounts.up(database.database.db);

      const rows = await db
        .selectFrom('admin_user_lookups')
        .select(['user_id', 'registered_at', 'partner', 'deleted', 'balance', 'successful', 'last_lookup_at'])
        .where('user_id', 'in', [looked, idle, gone])
        .execute();
      const row = (id: string) => rows.find((r) => r.user_id === id);
      const registered_at = new Date('2026-03-01T09:00:00Z');
      expect(row(looked)).toMatchObject({
        registered_at,
        partner: 'partner-a',
        deleted: false,
        balance: 41,
        successful: 9,
      });
      expect(row(idle)).toMatchObject({
        registered_at,
        partner: null,
        deleted: false,
        balance: 0,
        successful: 0,
        last_lookup_at: null,
      });
      expect(row(gone)).toMatchObject({ registered_at, deleted: true, balance: 7 });
    });
  });
}
