import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

export const requestLogs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('request_logs')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('timestamp', 'timestamptz', (c) => c.notNull())
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('user_email', 'text')
      .addColumn('request_id', 'text')
      .addColumn('source_file', 'text')
      .addColumn('source_function', 'text')
      .addColumn('ip_address', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('stack_trace', 'text')
      .addColumn('is_lookup', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('status_code', 'integer')
      .addColumn('response_time_ms', 'integer')
      .addColumn('method', 'text')
      .addColumn('url', 'text')
      .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .execute();
    // One index per filter the viewer offers; each leads with what narrows most and ends with time.
    await sql`CREATE INDEX request_logs_by_time ON request_logs (timestamp DESC)`.execute(db);
    await sql`CREATE INDEX request_logs_lookup_by_time ON request_logs (is_lookup, timestamp DESC)`.execute(
      db,
    );
    await sql`CREATE INDEX request_logs_by_request ON request_logs (request_id, timestamp)`.execute(db);
    await sql`CREATE INDEX request_logs_by_user ON request_logs (user_id, timestamp DESC)`.execute(db);
    await sql`CREATE INDEX request_logs_by_level ON request_logs (level, timestamp DESC)`.execute(db);
    await sql`CREATE INDEX request_logs_by_source ON request_logs (source_file, timestamp DESC)`.execute(db);
    await db.schema
      .createTable('request_stats_hourly')
      .addColumn('hour', 'timestamptz', (c) => c.primaryKey())
      .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed_requests', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('response_time_total_ms', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('error_logs', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('warning_logs', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('request_users_hourly')
      .addColumn('hour', 'timestamptz', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('request_users_hourly_pk', ['hour', 'user_id'])
      .execute();
  },
};
