import type { ReadModelDb } from '../schema';
import type { DailyUsage } from '../../api/lookups/contract';

/** A user's days with lookups between two UTC dates (inclusive), oldest first. */
export async function dailyUsageOf(
  db: ReadModelDb,
  userId: string,
  startDate: string,
  endDate: string,
): Promise<DailyUsage[]> {
  const rows = await db
    .selectFrom('daily_usage')
    .select([
      'date',
      'successful_lookups',
      'failed_lookups',
      'nothing_to_update',
      'failure_reasons',
      'successful_by_source',
      'refused_values',
    ])
    .where('user_id', '=', userId)
    .where('date', '>=', startDate)
    .where('date', '<=', endDate)
    .orderBy('date')
    .execute();
  const counts = (value: Record<string, number> | string) =>
    typeof value === 'string' ? (JSON.parse(value) as Record<string, number>) : value;
  return rows.map((r) => ({
    date: r.date,
    successful_lookups: r.successful_lookups,
    failed_lookups: r.failed_lookups,
    nothing_to_update: r.nothing_to_update,
    failure_reasons: counts(r.failure_reasons),
    successful_by_source: counts(r.successful_by_source),
    refused_values: counts(r.refused_values),
  }));
}
