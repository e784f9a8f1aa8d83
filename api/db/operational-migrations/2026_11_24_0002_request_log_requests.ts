import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

export const requestLogRequests: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('request_log_requests')
      .addColumn('request_id', 'text', (c) => c.primaryKey())
      .addColumn('first_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_at', 'timestamptz', (c) => c.notNull())
      .addColumn('steps', 'integer', (c) => c.notNull())
      .addColumn('is_lookup', 'boolean', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('has_error', 'boolean', (c) => c.notNull())
      .addColumn('has_warn', 'boolean', (c) => c.notNull())
      .addColumn('has_info', 'boolean', (c) => c.notNull())
      .addColumn('has_debug', 'boolean', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX request_log_requests_by_time ON request_log_requests (last_at DESC)`.execute(db);
    await sql`CREATE INDEX request_log_requests_lookup_by_time ON request_log_requests (is_lookup, last_at DESC)`.execute(
      db,
    );
    await sql`CREATE INDEX request_log_requests_by_user ON request_log_requests (user_id, last_at DESC)`.execute(
      db,
    );
  },
};
