import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * Sandbox portals created before they had owners go to the ZipFill user whose connection holds
 * them (the read models are migrated, and kept, before the operational tables); a portal no one
 * holds stays without an owner and is shown to nobody.
 */
export const sandboxPortalOwnersBackfill: Migration = {
  async up(db: Kysely<unknown>) {
    // The operational tables can be migrated alone (a log writer's own database): nothing to give then.
    const { rows } = await sql<{
      found: string | null;
    }>`SELECT to_regclass('portals')::text AS found`.execute(db);
    if (!rows[0]?.found) return;
    await sql`UPDATE sandbox_portals s SET owner_user_id = p.user_id
              FROM portals p
              WHERE p.portal_id = s.portal_id AND p.connected AND s.owner_user_id IS NULL`.execute(db);
  },
};
