import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * The sandbox CRM's property validation rules, per portal as HubSpot keeps them: a rule type on
 * one property of one object type, with its arguments (api/sandbox/hubspot/validation-rules.ts).
 */
export const sandboxValidationRules: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE sandbox_validation_rules (
      portal_id text NOT NULL,
      object_type text NOT NULL,
      property_name text NOT NULL,
      rule_type text NOT NULL,
      rule_arguments text NOT NULL,
      PRIMARY KEY (portal_id, object_type, property_name, rule_type)
    )`.execute(db);
  },
};
