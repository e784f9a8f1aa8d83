import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The queue's `seq` is an identity, unique by how it is made; the processor finds pending rows by
 * it through the partial index of pending rows, and nothing reads a finished row by it. Its unique
 * index cost each lookup two entries (the insert, and the update that finishes it).
 */
export const lookupRequestsSeqUnindexed: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE lookup_requests DROP CONSTRAINT IF EXISTS lookup_requests_seq_key`.execute(db);
  },
};
