import type { ColumnType, Generated } from 'kysely';

/** Each user's lookups per UTC date: successes (also by source), nothing to update, failures, and failures by reason. */
export interface DailyUsageTable {
  user_id: string;
  /** UTC date, YYYY-MM-DD. */
  date: string;
  successful_lookups: Generated<number>;
  failed_lookups: Generated<number>;
  /** Lookups with nothing to update: neither successes nor failures. */
  nothing_to_update: Generated<number>;
  failure_reasons: ColumnType<Record<string, number>, Record<string, number> | undefined, string>;
  /** Successful lookups by source (webhook, workflow, backfill). */
  successful_by_source: ColumnType<Record<string, number>, Record<string, number> | undefined, string>;
  /** crm_validation_failed lookups by HubSpot's refusal, in words. */
  refused_values: ColumnType<Record<string, number>, Record<string, number> | undefined, string>;
}

export interface DailyUsageTables {
  daily_usage: DailyUsageTable;
}
