import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

export const admin: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('admin_lookups')
      .addColumn('lookup_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('portal_id', 'text', (c) => c.notNull())
      .addColumn('object_type', 'text', (c) => c.notNull())
      .addColumn('zip', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('credits_before', 'integer', (c) => c.notNull())
      .addColumn('credits_after', 'integer', (c) => c.notNull())
      .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addColumn('duration_ms', 'integer')
      .addColumn('request_id', 'text')
      .execute();
    await sql`CREATE INDEX admin_lookups_by_time ON admin_lookups (at DESC)`.execute(db);
    await sql`CREATE INDEX admin_lookups_by_user ON admin_lookups (user_id, at DESC)`.execute(db);
    await db.schema
      .createTable('admin_user_lookups')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('successful', 'integer', (c) => c.notNull())
      .addColumn('failed', 'integer', (c) => c.notNull())
      .addColumn('last_lookup_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX admin_user_lookups_by_successful ON admin_user_lookups (successful DESC)`.execute(
      db,
    );
    await db.schema
      .createTable('admin_user_days')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('successful', 'integer', (c) => c.notNull())
      .addColumn('failed', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('admin_user_days_pk', ['user_id', 'day'])
      .execute();
    await sql`CREATE INDEX admin_user_days_by_day ON admin_user_days (day)`.execute(db);
    await db.schema
      .createTable('admin_day_hours')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('hour', 'integer', (c) => c.notNull())
      .addColumn('successful', 'integer', (c) => c.notNull())
      .addColumn('failed', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('admin_day_hours_pk', ['day', 'hour'])
      .execute();
    await db.schema
      .createTable('admin_failure_days')
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('admin_failure_days_pk', ['reason', 'day'])
      .execute();
    await db.schema
      .createTable('admin_failure_users')
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('admin_failure_users_pk', ['reason', 'user_id'])
      .execute();
    await db.schema
      .createTable('admin_portal_lookups')
      .addColumn('portal_id', 'text', (c) => c.primaryKey())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('successful', 'integer', (c) => c.notNull())
      .addColumn('last_activity', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX admin_portal_lookups_by_total ON admin_portal_lookups (total DESC)`.execute(db);
    await db.schema
      .createTable('admin_portal_users')
      .addColumn('portal_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('admin_portal_users_pk', ['portal_id', 'user_id'])
      .execute();
    await db.schema
      .createTable('admin_portals')
      .addColumn('portal_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('connected', 'boolean', (c) => c.notNull())
      .addColumn('contact_configured', 'boolean', (c) => c.notNull())
      .addColumn('company_configured', 'boolean', (c) => c.notNull())
      .addColumn('connected_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX admin_portals_by_user ON admin_portals (user_id)`.execute(db);
  },
};
