import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A backfill job may fix one health-check class ("fix the records whose state contradicts their
 * ZIP"): its class is shown with it. Jobs started before had none: the column starts empty.
 */
export const backfillHealthClass: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE backfill_jobs ADD COLUMN IF NOT EXISTS health_class text`.execute(db);
  },
};
