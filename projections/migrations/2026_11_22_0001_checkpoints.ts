import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
export const checkpoints: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('projection_checkpoints')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('checkpoint', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};
