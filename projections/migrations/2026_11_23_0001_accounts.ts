import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('accounts')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('partner', 'text')
      .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('credit_threshold', 'integer')
      .addColumn('notifications_unsubscribed', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
  },
};
