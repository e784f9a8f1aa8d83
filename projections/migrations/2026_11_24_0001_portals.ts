import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';
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
