import type { ColumnType, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface HubSpotTables {
  hubspot_tokens: {
    portal_id: string;
    /** AES-256-GCM ciphertexts (see api/portals/secrets.ts); the tokens are never stored in the clear. */
    access_token: string;
    refresh_token: string;
    expires_at: Timestamp;
    updated_at: Timestamp;
  };
  /** Secrets the service generates for itself when none is configured (sandbox mode). */
  app_secrets: {
    name: string;
    value: string;
    created_at: Timestamp;
  };
}

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
