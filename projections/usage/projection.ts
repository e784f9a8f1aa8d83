import { sql } from 'kysely';
import { lookupOutcomeOf, lookupSourceOf } from '../../domain/lookups/events';
import { userIdOfCreditsStream } from '../credits/projection';
import { insertRows } from '../json-rows';
import { batched, type ReadModelTransaction, type Recorded } from '../projection';

interface DayCount {
  userId: string;
  date: string;
  successful: number;
  failed: number;
  unchanged: number;
  reasons: Record<string, number>;
  sources: Record<string, number>;
  refusals: Record<string, number>;
}

/** The UTC date of a lookup's outcome; daily buckets are UTC dates. */
const utcDate = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** Sums a batch of outcomes per user and UTC date, so each day is written once per batch. */
function countByDay(events: readonly Recorded<'LookupSucceeded' | 'LookupFailed'>[]): DayCount[] {
  const days = new Map<string, DayCount>();
  for (const event of events) {
    const userId = userIdOfCreditsStream(event.streamName);
    if (!userId) continue;
    const date = utcDate(event.data.at);
    const key = `${userId}\u0000${date}`;
    const day = days.get(key) ?? {
      userId,
      date,
      successful: 0,
      failed: 0,
      unchanged: 0,
      reasons: {},
      sources: {},
      refusals: {},
    };
    days.set(key, day);
    if (event.type === 'LookupSucceeded') {
      const source = lookupSourceOf(event.data);
      day.successful++;
      day.sources[source] = (day.sources[source] ?? 0) + 1;
    } else if (lookupOutcomeOf(event) === 'nothing_to_update') day.unchanged++;
    else {
      const { reason, detail } = event.data;
      day.failed++;
      day.reasons[reason] = (day.reasons[reason] ?? 0) + 1;
      // HubSpot's refusal names the property and the rule: the user can act on it.
      if (reason === 'crm_validation_failed') day.refusals[detail] = (day.refusals[detail] ?? 0) + 1;
    }
  }
  return [...days.values()];
}

/** Adds two JSON objects of counts key by key. */
const addCounts = (
  column: 'failure_reasons' | 'successful_by_source' | 'refused_values',
) => sql<string>`coalesce((
  SELECT jsonb_object_agg(k, coalesce((daily_usage.${sql.ref(column)} ->> k)::int, 0)
                            + coalesce((excluded.${sql.ref(column)} ->> k)::int, 0))
    FROM jsonb_object_keys(daily_usage.${sql.ref(column)} || excluded.${sql.ref(column)}) AS k), '{}'::jsonb)`;

/** Adds the days' counts in one statement (each user and date once, as countByDay gives them). */
async function add(trx: ReadModelTransaction, days: readonly DayCount[]) {
  await insertRows(
    trx,
    'daily_usage',
    days.map((day) => ({
      user_id: day.userId,
      date: day.date,
      successful_lookups: day.successful,
      failed_lookups: day.failed,
      nothing_to_update: day.unchanged,
      failure_reasons: day.reasons,
      successful_by_source: day.sources,
      refused_values: day.refusals,
    })),
  )
    .onConflict((oc) =>
      oc.columns(['user_id', 'date']).doUpdateSet({
        successful_lookups: sql<number>`daily_usage.successful_lookups + excluded.successful_lookups`,
        failed_lookups: sql<number>`daily_usage.failed_lookups + excluded.failed_lookups`,
        nothing_to_update: sql<number>`daily_usage.nothing_to_update + excluded.nothing_to_update`,
        failure_reasons: addCounts('failure_reasons'),
        successful_by_source: addCounts('successful_by_source'),
        refused_values: addCounts('refused_values'),
      }),
    )
    .execute();
}

/**
 * Each user's lookups per UTC date: successful (also by source), with nothing to update, and
 * failed (also by reason); nothing to update is not a failure.
 */
export const dailyUsageProjection = batched({
  name: 'daily_usage',
  tables: ['daily_usage'],
  eventTypes: ['LookupSucceeded', 'LookupFailed'],
  async applyBatch(trx, events) {
    const days = countByDay(events);
    if (days.length > 0) await add(trx, days);
  },
});
