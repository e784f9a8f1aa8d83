import type { ExpressionBuilder, Selectable } from 'kysely';
import type { BackfillScope, BackfillStartedData, BackfillStateName } from '../../domain/backfill/events';
import type { RecentPage } from '../../domain/backfill/progress';
import type { FixableClass } from '../../domain/address-health/fix';
import { isNothingToUpdate, type LookupFailureReason } from '../../domain/lookups/events';
import type { CrmObjectTypeName } from '../../domain/lookups/webhook-event';
import type { UndoSkipReason } from '../../domain/record-history/events';
import type { ReadModelDb, ReadModels } from '../schema';
import type { BackfillJobsTable } from './tables';

/** A job as its start recorded it (whose, where, what), and where it has got to since. */
export interface BackfillJobRow extends Pick<
  BackfillStartedData,
  'jobId' | 'userId' | 'portalId' | 'objectType' | 'scope' | 'changedSince'
> {
  healthClass: FixableClass | null;
  /** An undo job: the job it reverses; null for a job that fills. */
  undoOf: string | null;
  state: BackfillStateName;
  stateDetail: string | null;
  total: number;
  done: number;
  succeeded: number;
  failuresByReason: Partial<Record<LookupFailureReason, number>>;
  /** Of an undo job: the records it left as they are, by why. */
  skippedByReason: Partial<Record<UndoSkipReason, number>>;
  creditsSpent: number;
  cursor: string | null;
  recentPages: RecentPage[];
  runningSince: string | null;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

const rowOf = (r: Selectable<BackfillJobsTable>): BackfillJobRow => ({
  jobId: r.job_id,
  userId: r.user_id,
  portalId: r.portal_id,
  objectType: r.object_type as CrmObjectTypeName,
  scope: r.scope as BackfillScope,
  changedSince: r.changed_since,
  healthClass: r.health_class as FixableClass | null,
  undoOf: r.undo_of,
  state: r.state as BackfillStateName,
  stateDetail: r.state_detail,
  total: r.total,
  done: r.done,
  succeeded: r.succeeded,
  failuresByReason: JSON.parse(r.failures) as Partial<Record<LookupFailureReason, number>>,
  skippedByReason: JSON.parse(r.skipped) as Partial<Record<UndoSkipReason, number>>,
  creditsSpent: r.credits_spent,
  cursor: r.cursor,
  recentPages: JSON.parse(r.recent_pages) as RecentPage[],
  runningSince: r.running_since,
  startedAt: r.started_at,
  updatedAt: r.updated_at,
  finishedAt: r.finished_at,
});

/** Every job, before the filter and order each query below puts on it. */
const jobs = (db: ReadModelDb) => db.selectFrom('backfill_jobs').selectAll();

export async function backfillJob(db: ReadModelDb, jobId: string): Promise<BackfillJobRow | undefined> {
  const row = await jobs(db).where('job_id', '=', jobId).executeTakeFirst();
  return row && rowOf(row);
}

/** A user's jobs, newest first. */
export async function backfillJobsOf(
  db: ReadModelDb,
  userId: string,
  limit = 100,
): Promise<BackfillJobRow[]> {
  const newestFirst = jobs(db).where('user_id', '=', userId).orderBy('started_at', 'desc');
  return (await newestFirst.limit(limit).execute()).map(rowOf);
}

/** Jobs in a state, the one least recently moved first (the runner takes turns by it). */
export async function backfillJobsIn(
  db: ReadModelDb,
  state: BackfillStateName,
  limit: number,
): Promise<BackfillJobRow[]> {
  const leastRecentlyMovedFirst = jobs(db).where('state', '=', state).orderBy('updated_at', 'asc');
  return (await leastRecentlyMovedFirst.limit(limit).execute()).map(rowOf);
}

/** Jobs cancelled at or after a time (all of them without one), the earliest first. */
export async function backfillJobsCancelledSince(
  db: ReadModelDb,
  since: string | null,
): Promise<BackfillJobRow[]> {
  let query = jobs(db).where('state', '=', 'cancelled');
  if (since !== null) query = query.where('finished_at', '>=', since);
  return (await query.orderBy('finished_at', 'asc').execute()).map(rowOf);
}

/** What a charged lookup was asked for (its ZIP and when), by lookup id, as the admin summaries keep it. */
export async function chargedLookups(
  db: ReadModelDb,
  lookupIds: readonly string[],
): Promise<Map<string, { zip: string; requestedAt: string }>> {
  if (lookupIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('admin_lookups')
    .select(['lookup_id', 'zip', 'requested_at'])
    .where('lookup_id', 'in', lookupIds)
    .execute();
  return new Map(
    rows.map((r) => [r.lookup_id, { zip: r.zip, requestedAt: new Date(r.requested_at).toISOString() }]),
  );
}

/** Jobs stopped for lack of credits whose user has credits again. */
export async function backfillJobsPaidFor(db: ReadModelDb): Promise<BackfillJobRow[]> {
  const rows = await db
    .selectFrom('backfill_jobs')
    .innerJoin('credit_balances', 'credit_balances.user_id', 'backfill_jobs.user_id')
    .selectAll('backfill_jobs')
    .where('backfill_jobs.state', '=', 'out_of_credits')
    .where('credit_balances.balance', '>', 0)
    .limit(100)
    .execute();
  return rows.map(rowOf);
}

/** Every job, newest first, with its user's e-mail, a page at a time (the admin's view). */
export async function backfillJobsPage(
  db: ReadModelDb,
  limit: number,
  offset: number,
): Promise<{ jobs: (BackfillJobRow & { userEmail: string | null })[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('backfill_jobs')
      .leftJoin('accounts', 'accounts.user_id', 'backfill_jobs.user_id')
      .selectAll('backfill_jobs')
      .select('accounts.email')
      .orderBy('backfill_jobs.started_at', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('backfill_jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst(),
  ]);
  return {
    jobs: rows.map((r) => ({ ...rowOf(r), userEmail: r.email ?? null })),
    total: Number(count?.n ?? 0),
  };
}

export interface BackfillRecordOutcome {
  objectId: string;
  zip: string;
  /** nothing_to_update: recorded as failed with that reason, and not a failure (no reason). */
  outcome: 'succeeded' | 'nothing_to_update' | 'failed';
  reason: LookupFailureReason | null;
  filled: Record<string, string>;
}

const outcomeOf = (r: {
  object_id: string;
  zip: string;
  outcome: 'succeeded' | 'failed';
  reason: string | null;
  filled: string;
}): BackfillRecordOutcome => ({
  objectId: r.object_id,
  zip: r.zip,
  ...(r.outcome === 'failed' && isNothingToUpdate(r.reason)
    ? { outcome: 'nothing_to_update' as const, reason: null }
    : { outcome: r.outcome, reason: r.reason as LookupFailureReason | null }),
  filled: JSON.parse(r.filled) as Record<string, string>,
});

/** The outcomes these records of a job already have; records without one are absent. */
export async function recordOutcomes(
  db: ReadModelDb,
  jobId: string,
  objectIds: readonly string[],
): Promise<Map<string, BackfillRecordOutcome>> {
  if (objectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('backfill_records')
    .select(['object_id', 'zip', 'outcome', 'reason', 'filled'])
    .where('job_id', '=', jobId)
    .where('object_id', 'in', [...objectIds])
    .execute();
  return new Map(rows.map((r) => [r.object_id, outcomeOf(r)]));
}

/** A page of a job's records in the order it reached them, for its report. */
export async function recordsPage(
  db: ReadModelDb,
  jobId: string,
  offset: number,
  limit: number,
): Promise<BackfillRecordOutcome[]> {
  const rows = await db
    .selectFrom('backfill_records')
    .select(['object_id', 'zip', 'outcome', 'reason', 'filled'])
    .where('job_id', '=', jobId)
    .orderBy((eb) => eb.fn('length', ['object_id']))
    .orderBy('object_id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(outcomeOf);
}

/** Record ids (whole numbers, no leading zeros) in numeric order: shorter first, then as text. */
const aboveInIdOrder = (cursor: string | null) => (eb: ExpressionBuilder<ReadModels, 'backfill_records'>) =>
  cursor === null
    ? eb.lit(true)
    : eb.or([
        eb(eb.fn('length', ['object_id']), '>', cursor.length),
        eb.and([eb(eb.fn('length', ['object_id']), '=', cursor.length), eb('object_id', '>', cursor)]),
      ]);

/** The next records a job changed (filled) above the cursor, in id order: what undoing it reads. */
export async function changedRecordsAbove(
  db: ReadModelDb,
  jobId: string,
  cursor: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('backfill_records')
    .select('object_id')
    .where('job_id', '=', jobId)
    .where('outcome', '=', 'succeeded')
    .where(aboveInIdOrder(cursor))
    .orderBy((eb) => eb.fn('length', ['object_id']))
    .orderBy('object_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.object_id);
}

/** How many records a job changed (filled), as its records read model has them. */
export async function changedRecordCount(db: ReadModelDb, jobId: string): Promise<number> {
  const row = await db
    .selectFrom('backfill_records')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('job_id', '=', jobId)
    .where('outcome', '=', 'succeeded')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What an undo job did to one record, for its report. */
export interface UndoRecordOutcome {
  objectId: string;
  outcome: 'restored' | 'skipped' | 'failed';
  reason: string | null;
  restored: string[];
  kept: string[];
}

/** A page of an undo job's records in id order, for its report. */
export async function undoRecordsPage(
  db: ReadModelDb,
  jobId: string,
  offset: number,
  limit: number,
): Promise<UndoRecordOutcome[]> {
  const rows = await db
    .selectFrom('backfill_undo_records')
    .selectAll()
    .where('job_id', '=', jobId)
    .orderBy((eb) => eb.fn('length', ['object_id']))
    .orderBy('object_id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    objectId: r.object_id,
    outcome: r.outcome,
    reason: r.reason,
    restored: JSON.parse(r.restored) as string[],
    kept: JSON.parse(r.kept) as string[],
  }));
}

/** The backfill runner's last start marker, once the records read model has applied it. */
export async function runnerMarker(db: ReadModelDb, stream: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('backfill_runner_marks')
    .select('marker')
    .where('id', '=', stream)
    .executeTakeFirst();
  return row?.marker;
}
