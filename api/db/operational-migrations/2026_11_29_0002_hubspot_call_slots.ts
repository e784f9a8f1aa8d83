import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * Each portal's HubSpot budget as a rolling window shared by the fleet: the times of the slots
 * taken and of the live callers waiting (api/adapters/hubspot/limiter.ts). It replaces the fixed
 * windows of hubspot_rate_budget, which are dropped.
 */
export const hubspotCallSlots: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE hubspot_call_slots (
      portal_id text PRIMARY KEY,
      slots bigint[] NOT NULL DEFAULT '{}',
      live_waiting bigint[] NOT NULL DEFAULT '{}'
    )`.execute(db);
    await sql`DROP TABLE hubspot_rate_budget`.execute(db);
  },
};
