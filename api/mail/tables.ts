import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface MailOutboxTable {
  id: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  body: string;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
}

export interface MailOutboxTables {
  mail_outbox: MailOutboxTable;
}
