import type { ColumnType, Generated } from 'kysely';

/** One row per registered account: what sign-in by address and the admin's user tables read. */
export interface AccountsTable {
  user_id: string;
  email: string;
  created_at: ColumnType<Date, Date | string, Date | string>;
  partner: string | null;
  is_admin: Generated<boolean>;
  credit_threshold: number | null;
  notifications_unsubscribed: Generated<boolean>;
  /** Deleted at its owner's request: the admin marks it and leaves it out of the totals. */
  deleted: Generated<boolean>;
}

export interface AccountTables {
  accounts: AccountsTable;
}
