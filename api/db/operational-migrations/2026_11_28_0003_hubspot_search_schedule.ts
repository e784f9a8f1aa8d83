import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * When each portal's next CRM search may go out, shared by the fleet; a portal's searches now take
 * their turns in hubspot_call_slots (2026_12_05_0001).
 */
export const hubspotSearchSchedule: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE hubspot_search_schedule (
      portal_id text PRIMARY KEY,
      next_at_ms bigint NOT NULL
    )`.execute(db);
  },
};
