import { sql, type Kysely, type Migration } from 'kysely';

const FORGETTING = ['lookup_requests', 'admin_lookups', 'written_values', 'backfill_records'] as const;

/**
 * Each projection that forgets a contact deleted for privacy keeps the records it forgot, so a
 * lookup recorded after the deletion does not bring the ZIP back. Seeded with the deletions
 * already projected, which these projections have already read.
 */
export const forgottenRecords: Migration = {
  async up(db: Kysely<unknown>) {
    for (const projection of FORGETTING) {
      const table = `${projection}_forgotten`;
      await db.schema
        .createTable(table)
        .addColumn('portal_id', 'text', (c) => c.notNull())
        .addColumn('object_type', 'text', (c) => c.notNull())
        .addColumn('object_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pk`, ['portal_id', 'object_type', 'object_id'])
        .execute();
      await sql`INSERT INTO ${sql.table(table)} (portal_id, object_type, object_id)
                SELECT portal_id, object_type, object_id FROM privacy_deletions`.execute(db);
    }
  },
};
