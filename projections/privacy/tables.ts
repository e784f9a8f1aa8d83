import type { ColumnType } from 'kysely';

/** Contacts deleted for privacy in HubSpot: views of the log (the credit ledger) leave their ZIPs out. */
export interface PrivacyDeletionsTable {
  portal_id: string;
  object_type: string;
  object_id: string;
  deleted_at: ColumnType<Date, Date | string, Date | string>;
}

export interface PrivacyDeletionTables {
  privacy_deletions: PrivacyDeletionsTable;
}

/** A record a projection forgot for privacy: a lookup of it applied later is forgotten too. */
export interface ForgottenRecordsTable {
  portal_id: string;
  object_type: string;
  object_id: string;
}

/** Each projection that forgets records keeps its own, so a replay forgets what it forgot. */
export interface ForgottenRecordTables {
  lookup_requests_forgotten: ForgottenRecordsTable;
  admin_lookups_forgotten: ForgottenRecordsTable;
  written_values_forgotten: ForgottenRecordsTable;
  backfill_records_forgotten: ForgottenRecordsTable;
}
