import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Contacts deleted for privacy in HubSpot, and the record each admin lookup summary is about, so
 * that a deletion finds the summaries to forget (taken from lookup_requests for rows written before).
 */
export const privacyDeletions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('privacy_deletions')
      .addColumn('portal_id', 'text', (c) => c.notNull())
      .addColumn('object_type', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text', (c) => c.notNull())
      .addColumn('deleted_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('privacy_deletions_pk', ['portal_id', 'object_type', 'object_id'])
      .execute();
    await db.schema.alterTable('admin_lookups').addColumn('object_id', 'text').execute();
    await sql`UPDATE admin_lookups AS a SET object_id = r.object_id
                FROM lookup_requests AS r WHERE r.lookup_id = a.lookup_id`.execute(db);
  },
};
