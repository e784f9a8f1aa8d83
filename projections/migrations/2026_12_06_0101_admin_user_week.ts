import { sql, type Kysely, type Migration } from 'kysely';
import { WEEK_SLOTS } from '../admin/week-ring';

const slots = Array.from({ length: WEEK_SLOTS }, (_, i) => sql.lit(i));

/**
 * Each user's lookups on their last seven days, on their counter row (`week-ring.ts`). At 100,000
 * users and 20 million lookups the engagement figures joined 350,000 user-days of the week on
 * every dashboard call; they now read one row a user.
 *
 * Only the last seven days up to now are carried over: a dashboard never asks about an earlier week.
 */
export const adminUserWeek: Migration = {
  async up(db: Kysely<unknown>) {
    const empty = `{${Array(WEEK_SLOTS).fill('""').join(',')}}`;
    const zeros = `{${Array(WEEK_SLOTS).fill(0).join(',')}}`;
    await sql`ALTER TABLE admin_user_lookups
                ADD COLUMN IF NOT EXISTS week_days text[] NOT NULL DEFAULT ${sql.lit(empty)},
                ADD COLUMN IF NOT EXISTS week_lookups integer[] NOT NULL DEFAULT ${sql.lit(zeros)}`.execute(
      db,
    );
    await sql`UPDATE admin_user_lookups l SET week_days = w.days, week_lookups = w.counts
              FROM (SELECT user_id,
                           ARRAY[${sql.join(slots.map((s) => sql`coalesce(max(day) FILTER (WHERE slot = ${s}), '')`))}] AS days,
                           ARRAY[${sql.join(slots.map((s) => sql`coalesce(sum(n) FILTER (WHERE slot = ${s}), 0)`))}]::integer[] AS counts
                    FROM (SELECT user_id, day, successful + failed AS n,
                                 (day::date - DATE '1970-01-01') % ${sql.lit(WEEK_SLOTS)} AS slot
                          FROM admin_user_days
                          WHERE day >= to_char((now() AT TIME ZONE 'UTC')::date - 6, 'YYYY-MM-DD')) d
                    GROUP BY user_id) w
              WHERE w.user_id = l.user_id`.execute(db);
  },
};
