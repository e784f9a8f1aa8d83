import { sql, type ColumnType, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** The sandbox CRM's own data: what HubSpot keeps on its side, for when HubSpot is not configured. */
export interface SandboxCrmTables {
  sandbox_portals: {
    portal_id: string;
    hub_domain: string;
    created_at: Timestamp;
  };
  sandbox_grants: {
    /** SHA-256 of the code or token, hex. */
    token_hash: string;
    kind: 'code' | 'access' | 'refresh';
    portal_id: string;
    expires_at: Timestamp;
    used: boolean;
  };
  sandbox_records: {
    portal_id: string;
    object_type: 'contacts' | 'companies';
    id: string;
    properties: Json<Record<string, string | null>>;
    /** Who changed it last, as HubSpot's changeSource says: CRM_UI (a person) or INTEGRATION (an app). */
    last_change_source: string;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  sandbox_properties: {
    object_type: 'contacts' | 'companies';
    name: string;
    label: string;
    type: string;
    field_type: string;
    calculated: boolean;
    has_unique_value: boolean;
    read_only_value: boolean;
    hidden: boolean;
    /** A portal validation rule (e.g. a regex), as HubSpot's property-validations API reports it. */
    validation_rule: string | null;
    options: Json<{ label: string; value: string }[]>;
  };
}

export const sandboxCrm: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sandbox_portals')
      .addColumn('portal_id', 'text', (c) => c.primaryKey())
      .addColumn('hub_domain', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sandbox_grants')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('portal_id', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema
      .createTable('sandbox_records')
      .addColumn('portal_id', 'text', (c) => c.notNull())
      .addColumn('object_type', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('properties', 'jsonb', (c) => c.notNull())
      .addColumn('last_change_source', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('sandbox_records_pk', ['portal_id', 'object_type', 'id'])
      .execute();
    await db.schema
      .createTable('sandbox_properties')
      .addColumn('object_type', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('field_type', 'text', (c) => c.notNull())
      .addColumn('calculated', 'boolean', (c) => c.notNull())
      .addColumn('has_unique_value', 'boolean', (c) => c.notNull())
      .addColumn('read_only_value', 'boolean', (c) => c.notNull())
      .addColumn('hidden', 'boolean', (c) => c.notNull())
      .addColumn('validation_rule', 'text')
      .addColumn('options', 'jsonb', (c) => c.notNull())
      .addPrimaryKeyConstraint('sandbox_properties_pk', ['object_type', 'name'])
      .execute();
    await sql`CREATE SEQUENCE sandbox_record_ids START 51001`.execute(db);
  },
};
