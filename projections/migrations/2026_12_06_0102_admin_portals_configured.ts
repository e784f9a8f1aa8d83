import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The configuration counts group every connected portal by its user. At 100,000 users the index
 * on user_id alone sent that pass to the table for each of 114,000 portals (93 ms); with the
 * flags beside the key it reads the index only (45 ms).
 */
export const adminPortalsConfigured: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE INDEX IF NOT EXISTS admin_portals_by_user_configured
                ON admin_portals (user_id) INCLUDE (connected, contact_configured, company_configured)`.execute(
      db,
    );
    await sql`DROP INDEX IF EXISTS admin_portals_by_user`.execute(db);
  },
};
