import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface SandboxPortalsTable {
  portal_id: string;
  hub_domain: string;
  created_at: Timestamp;
  /** The ZipFill user who created it on the consent page; null for portals from before owners. */
  owner_user_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SandboxGrantsTable {
  /** SHA-256 of the code or token, hex. */
  token_hash: string;
  kind: 'code' | 'access' | 'refresh';
  portal_id: string;
  expires_at: Timestamp;
  used: boolean;
}

export interface SandboxRecordsTable {
  portal_id: string;
  object_type: 'contacts' | 'companies';
  id: string;
  properties: Json<Record<string, string | null>>;
  /** Who changed it last, as HubSpot's changeSource says: CRM_UI (a person) or INTEGRATION (an app). */
  last_change_source: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SandboxPropertiesTable {
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
}

/** The sandbox CRM's own data: what HubSpot keeps on its side, for when HubSpot is not configured. */
export interface SandboxCrmTables {
  sandbox_portals: SandboxPortalsTable;
  sandbox_grants: SandboxGrantsTable;
  sandbox_records: SandboxRecordsTable;
  sandbox_properties: SandboxPropertiesTable;
}
