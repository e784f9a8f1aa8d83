import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface PasswordResetsTable {
  /** SHA-256 of the token, hex; the token exists only in the e-mail. */
  id: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Set when the token is used, or when a newer token replaces it. */
  used_at: NullableTimestamp;
}

export interface PasswordResetTables {
  password_resets: PasswordResetsTable;
}
