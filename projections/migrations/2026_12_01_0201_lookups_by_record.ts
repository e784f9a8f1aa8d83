import { sql, type Kysely, type Migration } from 'kysely';

/** The ZipFill card on a HubSpot record reads that record's last lookup. */
export const lookupsByRecord: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE INDEX admin_lookups_by_record ON admin_lookups (portal_id, object_type, object_id, at DESC)`.execute(
      db,
    );
  },
};
