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
