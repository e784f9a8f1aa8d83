import type { ColumnType, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export interface DailyUsageTables {
  /** Each user's lookups per UTC date: successes, failures, and failures by reason. */
  daily_usage: {
    user_id: string;
    /** UTC date, YYYY-MM-DD. */
    date: string;
    successful_lookups: number;
    failed_lookups: number;
    failure_reasons: ColumnType<Record<string, number>, string, string>;
  };
}

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
