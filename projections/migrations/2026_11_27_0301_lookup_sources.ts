import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Where each lookup came from (webhook, workflow, backfill), for the admin's lookup views, and
 * each user's successful lookups per day by source. Every lookup recorded before had come from
 * the webhook, which is what the existing rows are given.
 */
export const lookupSources: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE admin_lookups ADD COLUMN source text NOT NULL DEFAULT 'webhook'`.execute(db);
    await sql`ALTER TABLE daily_usage ADD COLUMN successful_by_source jsonb NOT NULL DEFAULT '{}'::jsonb`.execute(
      db,
    );
    await sql`UPDATE daily_usage SET successful_by_source = jsonb_build_object('webhook', successful_lookups)
              WHERE successful_lookups > 0`.execute(db);
  },
};
