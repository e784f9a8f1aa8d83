import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A backfill job can be undone by a job of its own: the undo job names the job it reverses and
 * counts the records it skipped (by why); each record it reached is kept for its report; and a
 * record's undo names the undo job that made it. Nothing was undone by a job before: the new
 * columns start empty.
 */
export const jobUndo: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE backfill_jobs ADD COLUMN IF NOT EXISTS undo_of text`.execute(db);
    await sql`ALTER TABLE backfill_jobs ADD COLUMN IF NOT EXISTS skipped text NOT NULL DEFAULT '{}'`.execute(
      db,
    );
    await sql`ALTER TABLE record_history ADD COLUMN IF NOT EXISTS undo_job_id text`.execute(db);
    await db.schema
      .createTable('backfill_undo_records')
      .ifNotExists()
      .addColumn('job_id', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('restored', 'text', (c) => c.notNull())
      .addColumn('kept', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('backfill_undo_records_pk', ['job_id', 'object_id'])
      .execute();
  },
};
