import { sql, type Insertable } from 'kysely';
import type { CreditsEvent } from '../../domain/credits/events';
import type { RecordedEvent } from '../../domain/eventstore/types';
import { userIdOfCreditsStream } from '../credits/projection';
import type { Projection, ReadModelTransaction } from '../projection';
import type { ReadModels } from '../schema';

type Data<T extends CreditsEvent['type']> = Extract<CreditsEvent, { type: T }>['data'];

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

/**
 * A batch's summary rows, one per lookup, as the events leave them in order: a charge makes a
 * pending row, the first outcome finishes it, and any later outcome of the same lookup (a replay)
 * changes nothing.
 */
function summaryRows(events: readonly RecordedEvent[]): SummaryRow[] {
  const rows = new Map<string, SummaryRow>();
  for (const event of events) {
    const userId = userIdOfCreditsStream(event.streamName);
    if (!userId) continue;
    if (event.type === 'LookupCharged') {
      const d = event.data as Data<'LookupCharged'>;
      if (rows.has(d.lookupId)) continue;
      rows.set(d.lookupId, {
        lookup_id: d.lookupId,
        user_id: userId,
        portal_id: d.portalId,
        object_type: d.objectType,
        zip: d.zip,
        outcome: 'pending',
        reason: null,
        credits_before: d.balanceAfter + 1,
        credits_after: d.balanceAfter,
        requested_at: d.requestedAt,
        at: d.at,
        duration_ms: null,
        request_id: requestIdOf(event),
      });
      continue;
    }
    const d = event.data as Data<'LookupSucceeded'> | Data<'LookupFailed'>;
    const earlier = rows.get(d.lookupId);
    if (earlier && earlier.outcome !== 'pending') continue;
    const outcome = {
      outcome: event.type === 'LookupSucceeded' ? ('success' as const) : ('failed' as const),
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
            lookup_id: d.lookupId,
            user_id: userId,
            portal_id: d.portalId,
            object_type: d.objectType,
            zip: d.zip,
            credits_before: d.balanceAfter,
            requested_at: d.requestedAt,
            request_id: requestIdOf(event),
            ...outcome,
          },
    );
  }
  return [...rows.values()];
}

/** Adds one to a counter kept in a map under a composite key. */
function tally<K, V>(map: Map<string, { key: K; value: V }>, id: string, key: K, start: V, add: (v: V) => V) {
  const entry = map.get(id);
  if (entry) entry.value = add(entry.value);
  else map.set(id, { key, value: add(start) });
}

const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

/**
 * Bumps every counter the dashboard reads for the lookups that finished in this batch, folded
 * into one row per key so each table takes one statement.
 */
async function bumpCounters(trx: ReadModelTransaction, finished: readonly SummaryRow[]) {
  if (finished.length === 0) return;
  type Counts = { successful: number; failed: number; last: string };
  const users = new Map<string, { key: string; value: Counts }>();
  const userDays = new Map<string, { key: [string, string]; value: Counts }>();
  const dayHours = new Map<string, { key: [string, number]; value: Counts }>();
  const portals = new Map<string, { key: string; value: Counts }>();
  const portalUsers = new Map<string, { key: [string, string]; value: null }>();
  const failureDays = new Map<string, { key: [string, string]; value: number }>();
  const failureUsers = new Map<string, { key: [string, string]; value: number }>();
  for (const row of finished) {
    const ok = row.outcome === 'success';
    const day = dayOf(row.at);
    const hour = hourOf(row.at);
    const count = (c: Counts): Counts => ({
      successful: c.successful + (ok ? 1 : 0),
      failed: c.failed + (ok ? 0 : 1),
      last: later(c.last, row.at),
    });
    const zero: Counts = { successful: 0, failed: 0, last: row.at };
    tally(users, row.user_id, row.user_id, zero, count);
    tally(userDays, `${row.user_id}|${day}`, [row.user_id, day], zero, count);
    tally(dayHours, `${day}|${hour}`, [day, hour], zero, count);
    tally(portals, row.portal_id, row.portal_id, zero, count);
    tally(portalUsers, `${row.portal_id}|${row.user_id}`, [row.portal_id, row.user_id], null, () => null);
    if (row.reason !== null) {
      tally(failureDays, `${row.reason}|${day}`, [row.reason, day], 0, (n) => n + 1);
      tally(failureUsers, `${row.reason}|${row.user_id}`, [row.reason, row.user_id], 0, (n) => n + 1);
    }
  }
  const add = (table: string, column: string) =>
    sql<number>`${sql.ref(`${table}.${column}`)} + excluded.${sql.ref(column)}`;
  await trx
    .insertInto('admin_user_lookups')
    .values(
      [...users.values()].map(({ key, value }) => ({
        user_id: key,
        successful: value.successful,
        failed: value.failed,
        last_lookup_at: value.last,
      })),
    )
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        successful: add('admin_user_lookups', 'successful'),
        failed: add('admin_user_lookups', 'failed'),
        last_lookup_at: sql`greatest(admin_user_lookups.last_lookup_at, excluded.last_lookup_at)`,
      }),
    )
    .execute();
  await trx
    .insertInto('admin_user_days')
    .values(
      [...userDays.values()].map(({ key: [userId, day], value }) => ({
        user_id: userId,
        day,
        successful: value.successful,
        failed: value.failed,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'day']).doUpdateSet({
        successful: add('admin_user_days', 'successful'),
        failed: add('admin_user_days', 'failed'),
      }),
    )
    .execute();
  await trx
    .insertInto('admin_day_hours')
    .values(
      [...dayHours.values()].map(({ key: [day, hour], value }) => ({
        day,
        hour,
        successful: value.successful,
        failed: value.failed,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['day', 'hour']).doUpdateSet({
        successful: add('admin_day_hours', 'successful'),
        failed: add('admin_day_hours', 'failed'),
      }),
    )
    .execute();
  await trx
    .insertInto('admin_portal_lookups')
    .values(
      [...portals.values()].map(({ key, value }) => ({
        portal_id: key,
        total: value.successful + value.failed,
        successful: value.successful,
        last_activity: value.last,
      })),
    )
    .onConflict((oc) =>
      oc.column('portal_id').doUpdateSet({
        total: add('admin_portal_lookups', 'total'),
        successful: add('admin_portal_lookups', 'successful'),
        last_activity: sql`greatest(admin_portal_lookups.last_activity, excluded.last_activity)`,
      }),
    )
    .execute();
  await trx
    .insertInto('admin_portal_users')
    .values(
      [...portalUsers.values()].map(({ key: [portalId, userId] }) => ({
        portal_id: portalId,
        user_id: userId,
      })),
    )
    .onConflict((oc) => oc.columns(['portal_id', 'user_id']).doNothing())
    .execute();
  if (failureDays.size === 0) return;
  await trx
    .insertInto('admin_failure_days')
    .values(
      [...failureDays.values()].map(({ key: [reason, day], value }) => ({ reason, day, failures: value })),
    )
    .onConflict((oc) =>
      oc.columns(['reason', 'day']).doUpdateSet({ failures: add('admin_failure_days', 'failures') }),
    )
    .execute();
  await trx
    .insertInto('admin_failure_users')
    .values(
      [...failureUsers.values()].map(({ key: [reason, userId], value }) => ({
        reason,
        user_id: userId,
        failures: value,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['reason', 'user_id']).doUpdateSet({ failures: add('admin_failure_users', 'failures') }),
    )
    .execute();
}

/** Rows per statement, well inside PostgreSQL's 65,535 parameters at 13 columns a row. */
const CHUNK = 1_000;

/**
 * Writes the batch's summary rows and returns those whose outcome this batch recorded first: a
 * finished row only replaces a pending one, so a lookup whose outcome is already recorded (a
 * replayed event) comes back from nowhere and counts nowhere.
 */
async function writeSummaries(trx: ReadModelTransaction, rows: readonly SummaryRow[]): Promise<SummaryRow[]> {
  const byId = new Map(rows.map((r) => [r.lookup_id, r]));
  const finished: SummaryRow[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const written = await trx
      .insertInto('admin_lookups')
      .values(rows.slice(i, i + CHUNK))
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
    for (const w of written) if (w.outcome !== 'pending') finished.push(byId.get(w.lookup_id)!);
  }
  return finished;
}

const HANDLED = ['LookupCharged', 'LookupSucceeded', 'LookupFailed'] as const;

/**
 * The admin's lookup views: one summary row per lookup, and per user, day, hour, portal and
 * failure reason the counters the dashboard reads, so no call scans every lookup. A batch costs a
 * handful of statements, whatever its size, so a rebuild or a seed runs at catch-up speed.
 */
export const adminLookupsProjection: Projection = {
  name: 'admin_lookups',
  tables: [
    'admin_lookups',
    'admin_user_lookups',
    'admin_user_days',
    'admin_day_hours',
    'admin_failure_days',
    'admin_failure_users',
    'admin_portal_lookups',
    'admin_portal_users',
  ],
  // With applyBatch, the handlers only name the event types the batch receives.
  handlers: Object.fromEntries(HANDLED.map((type) => [type, async () => undefined])),
  async applyBatch(trx, events) {
    const rows = summaryRows(events);
    if (rows.length === 0) return;
    await bumpCounters(trx, await writeSummaries(trx, rows));
  },
};
