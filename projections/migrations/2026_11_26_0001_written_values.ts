import type { Kysely, Migration } from 'kysely';

/** What ZipFill last wrote to each CRM property of each record ("update unless edited"). */
export const writtenValues: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('written_values')
      .addColumn('portal_id', 'text', (c) => c.notNull())
      .addColumn('object_type', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text', (c) => c.notNull())
      .addColumn('property', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('written_values_pk', ['portal_id', 'object_type', 'object_id', 'property'])
      .execute();
  },
};
