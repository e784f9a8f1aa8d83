import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * The sandbox CRM's own count of the API calls it received, per portal, shared by every process
 * that serves it (api/sandbox/hubspot/rate-limits.ts): the last ten seconds of calls,
 * and the busiest ten seconds seen, for tests to check what the app sent.
 */
export const sandboxRateLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE sandbox_api_calls (
      portal_id text NOT NULL,
      token_hash text NOT NULL,
      search boolean NOT NULL,
      at_ms bigint NOT NULL,
      refused boolean NOT NULL
    )`.execute(db);
    await sql`CREATE INDEX sandbox_api_calls_by_portal ON sandbox_api_calls (portal_id, at_ms)`.execute(db);
    await sql`CREATE TABLE sandbox_api_usage (
      portal_id text PRIMARY KEY,
      requests integer NOT NULL,
      refused integer NOT NULL,
      most_in_10s integer NOT NULL,
      most_searches_in_1s integer NOT NULL
    )`.execute(db);
  },
};
