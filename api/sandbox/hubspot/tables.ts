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

/** One API call the sandbox received, kept for ten seconds (rate-limits.ts). */
export interface SandboxApiCallsTable {
  portal_id: string;
  /** SHA-256 of the access token: the search limit is per token. */
  token_hash: string;
  search: boolean;
  at_ms: ColumnType<string | number, number, number>;
  /** Answered 429: counted as received, not against the limit. */
  refused: boolean;
}

/** What a portal's API received since the sandbox started counting. */
export interface SandboxApiUsageTable {
  portal_id: string;
  requests: number;
  refused: number;
  most_in_10s: number;
  most_searches_in_1s: number;
}

/** A portal's validation rule on one property (validation-rules.ts); arguments as a JSON array. */
export interface SandboxValidationRulesTable {
  portal_id: string;
  object_type: 'contacts' | 'companies';
  property_name: string;
  rule_type: string;
  rule_arguments: string;
}

/** The sandbox CRM's own data: what HubSpot keeps on its side, for when HubSpot is not configured. */
export interface SandboxCrmTables {
  sandbox_portals: SandboxPortalsTable;
  sandbox_grants: SandboxGrantsTable;
  sandbox_records: SandboxRecordsTable;
  sandbox_properties: SandboxPropertiesTable;
  sandbox_api_calls: SandboxApiCallsTable;
  sandbox_api_usage: SandboxApiUsageTable;
  sandbox_validation_rules: SandboxValidationRulesTable;
}
