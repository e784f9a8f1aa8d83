import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface HubspotTokensTable {
  portal_id: string;
  /** AES-256-GCM ciphertexts (see api/portals/secrets.ts); the tokens are never stored in the clear. */
  access_token: string;
  refresh_token: string;
  expires_at: Timestamp;
  updated_at: Timestamp;
}

/** Secrets the service generates for itself when none is configured (sandbox mode). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface HubSpotTables {
  hubspot_tokens: HubspotTokensTable;
  app_secrets: AppSecretsTable;
}
