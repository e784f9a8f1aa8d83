/** One day of a user's lookups; only days with lookups are listed. */
export interface DailyUsage {
  /** UTC date, YYYY-MM-DD. */
  date: string;
  successful_lookups: number;
  failed_lookups: number;
  failure_reasons: Record<string, number>;
}

/** GET /api/auth/usage-chart-data */
export interface UsageChartAnswer {
  data: DailyUsage[];
}
