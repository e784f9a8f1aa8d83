import { sql, type Kysely, type Migration } from 'kysely';

/** Backfill jobs with their progress, each job's records with their outcome, the runner's start marks. */
export const backfill: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('backfill_jobs')
      .addColumn('job_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('portal_id', 'text', (c) => c.notNull())
      .addColumn('object_type', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('changed_since', 'text')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('state_detail', 'text')
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('succeeded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failures', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('credits_spent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cursor', 'text')
      .addColumn('recent_pages', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('running_since', 'text')
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute();
    await sql`CREATE INDEX backfill_jobs_user ON backfill_jobs (user_id, started_at)`.execute(db);
    await sql`CREATE INDEX backfill_jobs_state ON backfill_jobs (state)`.execute(db);
    await db.schema
      .createTable('backfill_records')
      .addColumn('job_id', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text', (c) => c.notNull())
      .addColumn('zip', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('filled', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('backfill_records_pk', ['job_id', 'object_id'])
      .execute();
    await db.schema
      .createTable('backfill_runner_marks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('marker', 'text', (c) => c.notNull())
      .execute();
  },
};
