import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * The sandbox CRM's search API walks a portal's records in id order (HubSpot's hs_object_id
 * compares as a number) or in last-modified order; with 100,000 records a page must not sort
 * them all. Record ids come from the sandbox_record_ids sequence, so every id is a number.
 */
export const sandboxRecordSearch: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE INDEX sandbox_records_by_number
      ON sandbox_records (portal_id, object_type, (id::bigint))`.execute(db);
    await sql`CREATE INDEX sandbox_records_by_update
      ON sandbox_records (portal_id, object_type, updated_at, (id::bigint))`.execute(db);
  },
};
