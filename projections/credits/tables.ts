import type { ColumnType, Generated } from 'kysely';

export interface CreditBalancesTable {
  user_id: string;
  balance: number;
  /** Successful lookups, each of which spent one credit. */
  credits_used: Generated<number>;
  /** Lookups that failed; never charged. */
  failed_attempts: Generated<number>;
  /** Lookups that had nothing to update; never charged, and not failures. */
  nothing_to_update: Generated<number>;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

/** The public counter of successful lookups, one row. */
export interface LookupTotalsTable {
  id: string;
  successful: ColumnType<string, number | string, number | string>;
}

export interface CreditBalanceTables {
  credit_balances: CreditBalancesTable;
  lookup_totals: LookupTotalsTable;
}
