import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export interface LookupRequestTables {
  /** Every lookup request and where it stands; the pending ones are the processor's queue. */
  lookup_requests: {
    lookup_id: string;
    /** Order in which requests became visible; the processor reads the queue forward by it. */
    seq: Generated<string>;
    portal_id: string;
    object_type: string;
    object_id: string;
    property_name: string;
    zip: string;
    event_id: string;
    occurred_at: ColumnType<string, number | string, number | string>;
    requested_at: ColumnType<Date, Date | string, Date | string>;
    /** The webhook request that recorded it, carried into the outcome's metadata. */
    request_id: string | null;
    status: 'pending' | 'succeeded' | 'failed' | 'ignored';
    reason: string | null;
    user_id: string | null;
    finished_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  };
  /** The last start marker each lookup processor wrote, once this read model has seen it. */
  lookup_processor_marks: {
    id: string;
    marker: string;
  };
}

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
