import { sql, type ColumnType, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { PortalMapping } from '../../domain/portals/config';

export interface PortalTables {
  portals: {
    portal_id: string;
    /** The account holding the portal, or that held it last. */
    user_id: string;
    connected: boolean;
    /** When the current owner connected it ("Connected On"). */
    connected_at: ColumnType<Date, Date | string, Date | string>;
    hub_domain: string | null;
    config: ColumnType<PortalMapping, string, string>;
  };
}

export const portals: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('portals')
      .addColumn('portal_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('connected', 'boolean', (c) => c.notNull())
      .addColumn('connected_at', 'timestamptz', (c) => c.notNull())
      .addColumn('hub_domain', 'text')
      .addColumn('config', 'jsonb', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX portals_connected_by_user ON portals (user_id) WHERE connected`.execute(db);
  },
};
