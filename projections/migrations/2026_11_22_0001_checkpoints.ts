import type { ColumnType, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export interface CheckpointTables {
  projection_checkpoints: {
    name: string;
    checkpoint: string;
    updated_at: ColumnType<Date, Date | string, Date | string>;
  };
}

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
