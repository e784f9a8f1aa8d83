import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

export const sessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await sql`CREATE INDEX sessions_live_by_user ON sessions (user_id) WHERE revoked_at IS NULL`.execute(db);
  },
};
