import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Each user's lookups per day that HubSpot refused a value of (crm_validation_failed), by what
 * HubSpot said ("HubSpot refused the value for City: Enter only letters"). There were none before.
 */
export const refusedValues: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE daily_usage ADD COLUMN refused_values jsonb NOT NULL DEFAULT '{}'::jsonb`.execute(
      db,
    );
  },
};
