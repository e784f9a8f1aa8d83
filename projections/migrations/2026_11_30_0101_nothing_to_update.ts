import { sql, type Kysely, type Migration } from 'kysely';

/**
 * "Nothing to update" is an outcome of its own, no longer a failure: the lookups recorded as
 * failed with reason already_filled (every mapped field already held what the ZIP gives, or a
 * person's value) move out of the failure counts into a count of their own, per user and day,
 * and the admin's lookups and counters show them apart. No event changes: they are still
 * LookupFailed events with that reason, which every projection now reads as nothing to update.
 */
export const nothingToUpdate: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE daily_usage ADD COLUMN IF NOT EXISTS nothing_to_update integer NOT NULL DEFAULT 0`.execute(
      db,
    );
    await sql`UPDATE daily_usage
                 SET nothing_to_update = (failure_reasons ->> 'already_filled')::int,
                     failed_lookups = failed_lookups - (failure_reasons ->> 'already_filled')::int,
                     failure_reasons = failure_reasons - 'already_filled'
               WHERE failure_reasons ? 'already_filled'`.execute(db);
    await sql`ALTER TABLE credit_balances ADD COLUMN IF NOT EXISTS nothing_to_update integer NOT NULL DEFAULT 0`.execute(
      db,
    );
    await sql`UPDATE credit_balances b SET nothing_to_update = n.count, failed_attempts = b.failed_attempts - n.count
                FROM (SELECT user_id, sum(nothing_to_update)::int AS count FROM daily_usage
                       WHERE nothing_to_update > 0 GROUP BY user_id) n
               WHERE b.user_id = n.user_id`.execute(db);

    await sql`UPDATE admin_lookups SET outcome = 'nothing_to_update'
               WHERE outcome = 'failed' AND reason = 'already_filled'`.execute(db);
    for (const table of ['admin_user_lookups', 'admin_user_days', 'admin_day_hours'])
      await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN IF NOT EXISTS nothing_to_update integer NOT NULL DEFAULT 0`.execute(
        db,
      );
    await sql`UPDATE admin_user_lookups t SET nothing_to_update = n.count, failed = t.failed - n.count
                FROM (SELECT user_id, count(*)::int AS count FROM admin_lookups
                       WHERE outcome = 'nothing_to_update' GROUP BY user_id) n
               WHERE t.user_id = n.user_id`.execute(db);
    await sql`UPDATE admin_user_days t SET nothing_to_update = n.count, failed = t.failed - n.count
                FROM (SELECT user_id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS count
                        FROM admin_lookups WHERE outcome = 'nothing_to_update' GROUP BY 1, 2) n
               WHERE t.user_id = n.user_id AND t.day = n.day`.execute(db);
    await sql`UPDATE admin_day_hours t SET nothing_to_update = n.count, failed = t.failed - n.count
                FROM (SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
                             extract(hour FROM at AT TIME ZONE 'UTC')::int AS hour, count(*)::int AS count
                        FROM admin_lookups WHERE outcome = 'nothing_to_update' GROUP BY 1, 2) n
               WHERE t.day = n.day AND t.hour = n.hour`.execute(db);
    await sql`DELETE FROM admin_failure_days WHERE reason = 'already_filled'`.execute(db);
    await sql`DELETE FROM admin_failure_users WHERE reason = 'already_filled'`.execute(db);
  },
};
