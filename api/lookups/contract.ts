import type { LookupSource } from '../../domain/lookups/events';

/** One day of a user's lookups; only days with lookups are listed. */
export interface DailyUsage {
  /** UTC date, YYYY-MM-DD. */
  date: string;
  successful_lookups: number;
  /** Failures only: lookups with nothing to update are counted apart. */
  failed_lookups: number;
  /** Lookups whose record had nothing to update (free, not a failure). */
  nothing_to_update: number;
  failure_reasons: Record<string, number>;
  /** The successful lookups by where they came from; a source with none is absent. */
  successful_by_source: Partial<Record<LookupSource, number>>;
  /**
   * The crm_validation_failed lookups by what HubSpot refused, in words ("HubSpot refused the
   * value for City: Enter only letters"); empty on a day without any.
   */
  refused_values: Record<string, number>;
}

/** GET /api/auth/usage-chart-data */
export interface UsageChartAnswer {
  data: DailyUsage[];
}
