import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
export const creditBalances: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('credit_balances')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('balance', 'integer', (c) => c.notNull())
      .addColumn('credits_used', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('lookup_totals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('successful', 'bigint', (c) => c.notNull())
      .execute();
  },
};
