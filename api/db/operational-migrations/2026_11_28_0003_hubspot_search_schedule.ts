import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/** When each portal's next CRM search may go out, shared by the fleet (api/adapters/hubspot/search-limiter.ts). */
export const hubspotSearchSchedule: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE hubspot_search_schedule (
      portal_id text PRIMARY KEY,
      next_at_ms bigint NOT NULL
    )`.execute(db);
  },
};
