import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface UnsubscribeTokensTable {
  id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface UnsubscribeTokenTables {
  unsubscribe_tokens: UnsubscribeTokensTable;
}
