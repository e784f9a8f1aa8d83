import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * The log viewer's file filter matches any part of the file name (`source_file ILIKE '%…%'`),
 * which a b-tree on source_file cannot serve: the index only cost every log line its upkeep, about
 * a third of a lookup line's insert with the other indexes (measured on PGlite).
 */
export const requestLogsSourceIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`DROP INDEX IF EXISTS request_logs_by_source`.execute(db);
  },
};
