import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The dashboard's newest sign-ups and its first pages of users and configurations walk accounts
 * newest first and stop at the page's end, instead of sorting every account on each call.
 */
export const adminDashboardOrder: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE INDEX accounts_newest_first ON accounts (created_at DESC, user_id)`.execute(db);
  },
};
