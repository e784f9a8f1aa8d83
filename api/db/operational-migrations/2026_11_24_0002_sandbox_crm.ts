import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

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
