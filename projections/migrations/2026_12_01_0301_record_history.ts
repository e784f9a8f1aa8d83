import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Each CRM record's history (changes and undos), read by portal, object type and record; and the
 * records it forgot for privacy, seeded with the deletions already projected.
 */
export const recordHistory: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('record_history')
      .addColumn('portal_id', 'text', (c) => c.notNull())
      .addColumn('object_type', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text', (c) => c.notNull())
      .addColumn('entry_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('lookup_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('source', 'text')
      .addColumn('zip', 'text', (c) => c.notNull())
      .addColumn('filled', 'text', (c) => c.notNull())
      .addColumn('before_values', 'text')
      .addColumn('restored', 'text')
      .addColumn('kept', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('record_history_pk', ['portal_id', 'object_type', 'object_id', 'entry_id'])
      .execute();
    await db.schema.createIndex('record_history_user').on('record_history').column('user_id').execute();
    await db.schema
      .createTable('record_history_forgotten')
      .addColumn('portal_id', 'text', (c) => c.notNull())
      .addColumn('object_type', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('record_history_forgotten_pk', ['portal_id', 'object_type', 'object_id'])
      .execute();
    await sql`INSERT INTO record_history_forgotten (portal_id, object_type, object_id)
              SELECT portal_id, object_type, object_id FROM privacy_deletions`.execute(db);
  },
};
