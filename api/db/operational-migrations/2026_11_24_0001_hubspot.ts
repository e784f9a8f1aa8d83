import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';

export const hubspot: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('hubspot_tokens')
      .addColumn('portal_id', 'text', (c) => c.primaryKey())
      .addColumn('access_token', 'text', (c) => c.notNull())
      .addColumn('refresh_token', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};
