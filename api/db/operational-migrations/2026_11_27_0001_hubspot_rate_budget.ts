import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/** rate-limiter-flexible's PostgreSQL store, in the shape it expects (api/adapters/hubspot/limiter.ts). */
export const hubspotRateBudget: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE hubspot_rate_budget (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`.execute(db);
  },
};
