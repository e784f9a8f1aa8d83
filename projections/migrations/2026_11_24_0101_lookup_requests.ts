import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';
export const lookupRequests: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('lookup_requests')
      .addColumn('lookup_id', 'text', (c) => c.primaryKey())
      .addColumn('seq', 'bigint', (c) => c.generatedAlwaysAsIdentity().unique())
      .addColumn('portal_id', 'text', (c) => c.notNull())
      .addColumn('object_type', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text', (c) => c.notNull())
      .addColumn('property_name', 'text', (c) => c.notNull())
      .addColumn('zip', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('occurred_at', 'bigint', (c) => c.notNull())
      .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
      .addColumn('request_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('reason', 'text')
      .addColumn('user_id', 'text')
      .addColumn('finished_at', 'timestamptz')
      .execute();
    await sql`CREATE INDEX lookup_requests_pending ON lookup_requests (seq) WHERE status = 'pending'`.execute(
      db,
    );
    await db.schema
      .createTable('lookup_processor_marks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('marker', 'text', (c) => c.notNull())
      .execute();
  },
};
