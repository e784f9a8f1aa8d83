import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface SessionsTable {
  /** SHA-256 of the bearer token, hex; the token itself is never stored. */
  id: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_ends_at: Timestamp;
}

export interface AuthTables {
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
}
