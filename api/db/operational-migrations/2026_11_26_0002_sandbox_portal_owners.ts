import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * Each sandbox portal belongs to the ZipFill user who created it; only they see its records and
 * can pick it on the consent page. Older portals get theirs in 2026_11_26_0004.
 */
export const sandboxPortalOwners: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sandbox_portals').addColumn('owner_user_id', 'text').execute();
    await db.schema
      .createIndex('sandbox_portals_by_owner')
      .on('sandbox_portals')
      .columns(['owner_user_id', 'created_at'])
      .execute();
  },
};
