import type { Kysely, Migration } from 'kysely';

/** When HubSpot revoked a portal's access (uninstalled); null while access is granted. */
export const portalAccess: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('portals').addColumn('access_revoked_at', 'timestamptz').execute();
  },
};
