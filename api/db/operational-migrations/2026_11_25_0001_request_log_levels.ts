import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * The log viewer filtered to errors or warnings (a week of them, say) pages and counts only the
 * requests that have such a line, a few in a hundred, instead of every request in the period.
 */
export const requestLogLevels: Migration = {
  async up(db: Kysely<unknown>) {
    for (const level of ['error', 'warn'])
      await sql`CREATE INDEX ${sql.raw(`request_log_requests_${level}_by_time`)} ON request_log_requests
                (last_at DESC) INCLUDE (is_lookup, first_at, user_id)
                WHERE ${sql.raw(`has_${level}`)}`.execute(db);
  },
};
