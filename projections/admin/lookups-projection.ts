import { sql, type Insertable } from 'kysely';
import type { RecordedEvent } from '../../domain/eventstore/types';
import { lookupOutcomeOf, lookupSourceOf, type LookupRef } from '../../domain/lookups/events';
import { userIdOfCreditsStream } from '../credits/projection';
import { ERASED_ZIP } from '../../domain/lookups/personal-data';
import { erasing } from '../erasure';
import { insertRows, jsonRows } from '../json-rows';
import { type ReadModelTransaction, type Recorded } from '../projection';
import { sideBySide } from '../side-by-side';
import type { ReadModels } from '../schema';
import { ACCOUNT_FACTS, keepAccountFacts, markDeleted } from './user-accounts';
import { mergeRings, mergeRingsSql, ringOf, type WeekRing } from './week-ring';
import { hourStart } from './window';

const HANDLED = ['LookupCharged', 'LookupSucceeded', 'LookupFailed'] as const;
type LookupEvent = Recorded<(typeof HANDLED)[number]>;
const isLookupEvent = (
  event: Recorded<(typeof HANDLED | typeof ACCOUNT_FACTS)[number]>,
): event is LookupEvent => (HANDLED as readonly string[]).includes(event.type);

const dayOf = (iso: string) => iso.slice(0, 10);
const hourOf = (iso: string) => new Date(iso).getUTCHours();
const requestIdOf = (event: RecordedEvent) =>
  typeof event.metadata.requestId === 'string' ? event.metadata.requestId : null;

/** A summary row as the batch builds it: the table's columns, its times kept as ISO text. */
type SummaryRow = Omit<Insertable<ReadModels['admin_lookups']>, 'at' | 'requested_at' | 'reason'> & {
  reason: string | null;
  requested_at: string;
  at: string;
};

/** The columns that say which lookup a row is, the same whether its charge or its outcome came first. */
const whichLookup = (d: LookupRef, userId: string) => ({
  lookup_id: d.lookupId,
  user_id: userId,
  portal_id: d.portalId,
  object_type: d.objectType,
  object_id: d.objectId,
  zip: d.zip,
  source: lookupSourceOf(d),
});

/**
 * A batch's summary rows, one per lookup, as the events leave them in order: a charge makes a
 * pending row, the first outcome finishes it, and any later outcome of the same lookup (a replay)
 * changes nothing.
 */
function summaryRows(events: readonly LookupEvent[]): SummaryRow[] {
  const rows = new Map<string, SummaryRow>();
  for (const event of events) {
    const userId = userIdOfCreditsStream(event.streamName);
    if (!userId) continue;
    if (event.type === 'LookupCharged') {
      const d = event.data;
      if (rows.has(d.lookupId)) continue;
      rows.set(d.lookupId, {
        ...whichLookup(d, userId),
        outcome: 'pending',
        reason: null,
        credits_before: d.balanceAfter + d.credits,
        credits_after: d.balanceAfter,
        requested_at: d.requestedAt,
        at: d.at,
        duration_ms: null,
        request_id: requestIdOf(event),
      });
      continue;
    }
    const d = event.data;
    const earlier = rows.get(d.lookupId);
    if (earlier && earlier.outcome !== 'pending') continue;
    const kind = lookupOutcomeOf(event);
    const outcome = {
      outcome: kind === 'filled' ? ('success' as const) : kind,
      reason: 'reason' in d ? d.reason : null,
      credits_after: d.balanceAfter,
      at: d.at,
      duration_ms: Math.max(0, new Date(d.at).getTime() - new Date(d.requestedAt).getTime()),
    };
    rows.set(
      d.lookupId,
      earlier
        ? { ...earlier, ...outcome }
        : {
            ...whichLookup(d, userId),
            credits_before: d.balanceAfter,
            requested_at: d.requestedAt,
            request_id: requestIdOf(event),
            ...outcome,
          },
    );
  }
  return [...rows.values()];
}

const ringIn = <T extends keyof ReadModels>(
  row: CounterRow<T>,
  days: Column<T>,
  counts: Column<T>,
): WeekRing => ({
  days: row[days] as string[],
  counts: row[counts] as number[],
});

const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

type Column<T extends keyof ReadModels> = keyof ReadModels[T] & string;
type CounterRow<T extends keyof ReadModels> = { [C in Column<T>]?: string | number | string[] | number[] };
/** A week ring's two columns (`week-ring.ts`). */
type RingColumns<T extends keyof ReadModels> = { days: Column<T>; counts: Column<T> };

/**
 * Adds a batch's rows to a counter table: rows with the same key are folded into one (their
 * counts added, their times the latest), then one upsert adds them to what the table holds.
 * Without counted columns, a row already there is left as it is. With `reportAdded`, returns the
 * keys of the rows the table did not hold before; the other counters return nothing, so the
 * lookup path reads no rows back for them.
 */
async function addUp<T extends keyof ReadModels & string>(
  trx: ReadModelTransaction,
  table: T,
  keys: readonly Column<T>[],
  rows: readonly CounterRow<T>[],
  {
    sum = [],
    latest = [],
    rings = [],
    reportAdded = false,
  }: {
    sum?: readonly Column<T>[];
    latest?: readonly Column<T>[];
    rings?: readonly RingColumns<T>[];
    reportAdded?: boolean;
  } = {},
): Promise<CounterRow<T>[]> {
  const folded = new Map<string, CounterRow<T>>();
  for (const row of rows) {
    const id = keys.map((k) => row[k]).join('|');
    const seen = folded.get(id);
    if (!seen) {
      folded.set(id, { ...row });
      continue;
    }
    for (const c of sum) seen[c] = Number(seen[c]) + Number(row[c]);
    for (const c of latest) seen[c] = later(String(seen[c]), String(row[c]));
    for (const { days, counts } of rings) {
      const merged = mergeRings(ringIn(seen, days, counts), ringIn(row, days, counts));
      [seen[days], seen[counts]] = [merged.days, merged.counts];
    }
  }
  if (folded.size === 0) return [];
  const columns = Object.keys(rows[0]!) as Column<T>[];
  const updates = [
    ...sum.map((c) => sql`${sql.ref(c)} = ${sql.ref(`${table}.${c}`)} + excluded.${sql.ref(c)}`),
    ...latest.map((c) => sql`${sql.ref(c)} = greatest(${sql.ref(`${table}.${c}`)}, excluded.${sql.ref(c)})`),
    ...rings.flatMap(({ days, counts }) => mergeRingsSql(table, days, counts)),
  ];
  // A row the upsert inserted has no xmax; one it updated carries this transaction's.
  const { rows: added } = await sql<CounterRow<T> & { added: boolean }>`
    INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    ${jsonRows(table, columns, [...folded.values()])}
    ON CONFLICT (${sql.join(keys.map((k) => sql.ref(k)))})
    ${updates.length > 0 ? sql`DO UPDATE SET ${sql.join(updates)}` : sql`DO NOTHING`}
    ${reportAdded ? sql`RETURNING ${sql.join(keys.map((k) => sql.ref(k)))}, xmax = 0 AS added` : sql``}`.execute(
    trx,
  );
  return added.filter((row) => row.added);
}

/**
 * Adds a batch's rows to a counter table keyed by user and `users.key` (a day, a failure reason),
 * then adds one to `users` in the `users.table` row of that key for each user the table did not
 * hold before: each user counts once a day, or once a reason.
 */
async function addUpCountingNewUsers<
  T extends 'admin_user_days' | 'admin_failure_users',
  U extends 'admin_days' | 'admin_failure_reasons',
>(
  trx: ReadModelTransaction,
  table: T,
  keys: readonly Column<T>[],
  rows: readonly CounterRow<T>[],
  { sum }: { sum: readonly Column<T>[] },
  users: { table: U; key: Column<T> & Column<U> },
): Promise<void> {
  const added = await addUp(trx, table, keys, rows, { sum, reportAdded: true });
  await addUp(
    trx,
    users.table,
    [users.key],
    added.map((row) => ({ [users.key]: String(row[users.key]), users: 1 }) as CounterRow<U>),
    { sum: ['users' as Column<U>] },
  );
}

/** Bumps every counter the dashboard reads for the lookups that finished in this batch. */
async function bumpCounters(trx: ReadModelTransaction, finished: readonly SummaryRow[]) {
  const counted = finished.map((row) => ({
    row,
    day: dayOf(row.at),
    // What the lookup adds to each outcome counter, the same in every table that counts them.
    tally: {
      successful: row.outcome === 'success' ? 1 : 0,
      failed: row.outcome === 'failed' ? 1 : 0,
      nothing_to_update: row.outcome === 'nothing_to_update' ? 1 : 0,
    },
  }));
  const counts = { sum: ['successful', 'failed', 'nothing_to_update'] as const };
  // Failure Analysis counts failures only: nothing to update is not one.
  const failures = counted.flatMap(({ row, day }) =>
    row.outcome !== 'failed' || row.reason === null ? [] : [{ row, day, reason: row.reason }],
  );
  // Each table is its own; only the day's and the reason's users wait for the rows they count.
  await sideBySide(
    addUp(
      trx,
      'admin_user_lookups',
      ['user_id'],
      counted.map(({ row, day, tally }) => {
        const week = ringOf(day, tally.successful + tally.failed);
        return {
          user_id: row.user_id,
          ...tally,
          last_lookup_at: row.at,
          week_days: week.days,
          week_lookups: week.counts,
        };
      }),
      { ...counts, latest: ['last_lookup_at'], rings: [{ days: 'week_days', counts: 'week_lookups' }] },
    ),
    addUpCountingNewUsers(
      trx,
      'admin_user_days',
      ['user_id', 'day'],
      counted.map(({ row, day, tally }) => ({ user_id: row.user_id, day, ...tally })),
      counts,
      { table: 'admin_days', key: 'day' },
    ),
    addUp(
      trx,
      'admin_day_hours',
      ['day', 'hour'],
      counted.map(({ row, day, tally }) => ({ day, hour: hourOf(row.at), ...tally })),
      counts,
    ),
    addUp(
      trx,
      'admin_portal_lookups',
      ['portal_id'],
      counted.map(({ row, tally }) => ({
        portal_id: row.portal_id,
        total: 1,
        successful: tally.successful,
        last_activity: row.at,
      })),
      { sum: ['total', 'successful'], latest: ['last_activity'] },
    ),
    addUp(
      trx,
      'admin_portal_users',
      ['portal_id', 'user_id'],
      counted.map(({ row }) => ({ portal_id: row.portal_id, user_id: row.user_id })),
    ),
    addUp(
      trx,
      'admin_failure_days',
      ['reason', 'day'],
      failures.map(({ reason, day }) => ({ reason, day, failures: 1 })),
      { sum: ['failures'] },
    ),
    addUp(
      trx,
      'admin_failure_hours',
      ['reason', 'hour_start'],
      failures.map(({ reason, row }) => ({
        reason,
        hour_start: hourStart(Date.parse(row.at)).toISOString(),
        failures: 1,
      })),
      { sum: ['failures'] },
    ),
    addUpCountingNewUsers(
      trx,
      'admin_failure_users',
      ['reason', 'user_id'],
      failures.map(({ reason, row }) => ({ reason, user_id: row.user_id, failures: 1 })),
      { sum: ['failures'] },
      { table: 'admin_failure_reasons', key: 'reason' },
    ),
  );
}

/**
 * Writes the batch's summary rows and returns those whose outcome this batch recorded first: a
 * finished row only replaces a pending one, so a lookup whose outcome is already recorded (a
 * replayed event) comes back from nowhere and counts nowhere.
 */
async function writeSummaries(trx: ReadModelTransaction, rows: readonly SummaryRow[]): Promise<SummaryRow[]> {
  if (rows.length === 0) return [];
  const byId = new Map(rows.map((r) => [r.lookup_id, r]));
  const written = await insertRows(trx, 'admin_lookups', rows)
    .onConflict((oc) =>
      oc
        .column('lookup_id')
        .doUpdateSet({
          outcome: sql`excluded.outcome`,
          reason: sql`excluded.reason`,
          credits_after: sql`excluded.credits_after`,
          at: sql`excluded.at`,
          duration_ms: sql`excluded.duration_ms`,
        })
        .where('admin_lookups.outcome', '=', 'pending')
        .where(sql.ref('excluded.outcome'), '<>', 'pending'),
    )
    .returning(['lookup_id', 'outcome'])
    .execute();
  return written.flatMap((w) => (w.outcome === 'pending' ? [] : [byId.get(w.lookup_id)!]));
}

/**
 * The admin's lookup views: one summary row per lookup, and per user, day, hour, portal and
 * failure reason the counters the dashboard reads, so no call scans every lookup. Each user's row
 * also holds the account facts the figures over every account group by (`user-accounts.ts`). A
 * batch costs a handful of statements, whatever its size, so a rebuild or a seed runs at catch-up
 * speed.
 */
export const adminLookupsProjection = erasing({
  name: 'admin_lookups',
  tables: [
    'admin_lookups',
    'admin_user_lookups',
    'admin_user_days',
    'admin_day_hours',
    'admin_days',
    'admin_failure_days',
    'admin_failure_users',
    'admin_failure_hours',
    'admin_failure_reasons',
    'admin_portal_lookups',
    'admin_portal_users',
  ],
  eventTypes: [...HANDLED, ...ACCOUNT_FACTS],
  async applyBatch(trx, events) {
    const [, finished] = await sideBySide(
      keepAccountFacts(trx, events),
      writeSummaries(trx, summaryRows(events.filter(isLookupEvent))),
    );
    if (finished.length > 0) await bumpCounters(trx, finished);
  },
  // The counts and credits stay: they are the ledger's, and name no one once the account is gone.
  async erase(trx, { data }) {
    await markDeleted(trx, data.userId);
    await trx
      .updateTable('admin_lookups')
      .set({ zip: ERASED_ZIP })
      .where('user_id', '=', data.userId)
      .execute();
  },
  // A contact deleted for privacy: its summaries keep amounts and times, not the ZIP.
  async forgetRecord(trx, d) {
    await trx
      .updateTable('admin_lookups')
      .set({ zip: ERASED_ZIP })
      .where('portal_id', '=', d.portalId)
      .where('object_type', '=', d.objectType)
      .where('object_id', '=', d.objectId)
      .execute();
  },
});
