import type { DailyUsage } from '@api/lookups/contract';
import { addDays } from '@domain/lookups/usage-window';

/** A day without lookups. */
export const emptyDay = (date: string): DailyUsage => ({
  date,
  successful_lookups: 0,
  failed_lookups: 0,
  nothing_to_update: 0,
  failure_reasons: {},
  successful_by_source: {},
  refused_values: {},
});

/**
 * Every day from `from` to `to` (inclusive), oldest first. The server lists only days with
 * lookups; a quiet day is a zero on the chart, not a gap.
 */
export function everyDay(records: readonly DailyUsage[], from: string, to: string): DailyUsage[] {
  const byDate = new Map(records.map((r) => [r.date, r]));
  const days: DailyUsage[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) days.push(byDate.get(date) ?? emptyDay(date));
  return days;
}

/** The range's successful and failed lookups added up. */
export function rangeTotals(days: readonly DailyUsage[]): { successful: number; failed: number } {
  return days.reduce(
    (sum, day) => ({
      successful: sum.successful + day.successful_lookups,
      failed: sum.failed + day.failed_lookups,
    }),
    { successful: 0, failed: 0 },
  );
}
