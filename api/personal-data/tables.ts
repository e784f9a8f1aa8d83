import type { ColumnType } from 'kysely';

/**
 * One key per subject (a user, a portal...), outside the event log. Deleting a subject's row is
 * the erasure: every field sealed under its key_id reads as its placeholder from then on. A later
 * key for the same subject gets a new key_id, so it never opens what the deleted one sealed.
 */
export interface PersonalDataKeysTable {
  subject: string;
  /** Null, with `key`, for a subject erased for good: nothing is sealed for it again. */
  key_id: string | null;
  /** base64 of 32 random bytes (AES-256). */
  key: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface PersonalDataKeyTables {
  personal_data_keys: PersonalDataKeysTable;
}
