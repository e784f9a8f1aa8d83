import type { ForgottenRecordsTable } from '../privacy/tables';

/**
 * One entry of a CRM record's history: a change ZipFill made (a lookup that wrote it) or the undo
 * of one. Values are JSON text; the personal ones (zip, filled, before_values, restored) are
 * blanked when the account or portal is erased, as the log's fields read then.
 */
export interface RecordHistoryTable {
  portal_id: string;
  object_type: string;
  object_id: string;
  /** The lookup id for a change; `undo:` and the lookup id for its undo. */
  entry_id: string;
  kind: 'change' | 'undo';
  lookup_id: string;
  /** Who paid for a change (its credits stream); null for an undo. */
  user_id: string | null;
  /** The change's source as recorded (absent on lookups recorded before there were several). */
  source: string | null;
  zip: string;
  filled: string;
  /** Null when the change was recorded before changes kept their earlier values. */
  before_values: string | null;
  restored: string | null;
  kept: string | null;
  /** The undo job that made an undo; null for a change, and for an undo of one record. */
  undo_job_id: string | null;
  at: string;
}

export interface RecordHistoryTables {
  record_history: RecordHistoryTable;
  record_history_forgotten: ForgottenRecordsTable;
}
