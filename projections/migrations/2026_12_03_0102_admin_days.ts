import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The users with a finished lookup per UTC day, kept as a counter: the dashboard's consumption
 * trends read a row a day instead of counting every user's day.
 */
export const adminDays: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('admin_days')
      .ifNotExists()
      .addColumn('day', 'text', (c) => c.primaryKey())
      .addColumn('users', 'integer', (c) => c.notNull())
      .execute();
    await sql`INSERT INTO admin_days (day, users)
              SELECT day, count(*)::int FROM admin_user_days GROUP BY day
              ON CONFLICT (day) DO NOTHING`.execute(db);
  },
};
