import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * Every index on the log costs each line its upkeep, and a lookup writes four lines. Nearly all
 * lines are info lines, most of them a lookup's: a filter on either matches most of the log, which
 * the time index pages as well (measured at 2,000 lookups/s offered on PGlite: 881/s against
 * 851/s with both indexes, bench README, session 24). The level index keeps the lines worth
 * finding by level (errors, warnings, debug), which the top-errors query also reads.
 */
export const requestLogsFewerIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`DROP INDEX IF EXISTS request_logs_by_level`.execute(db);
    await sql`CREATE INDEX request_logs_by_level ON request_logs (level, timestamp DESC) WHERE level <> 'info'`.execute(
      db,
    );
    await sql`DROP INDEX IF EXISTS request_logs_lookup_by_time`.execute(db);
  },
};
