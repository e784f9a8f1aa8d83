import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
export const dailyUsage: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('daily_usage')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('successful_lookups', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed_lookups', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failure_reasons', 'jsonb', (c) => c.notNull().defaultTo('{}'))
      .addPrimaryKeyConstraint('daily_usage_pk', ['user_id', 'date'])
      .execute();
  },
};
