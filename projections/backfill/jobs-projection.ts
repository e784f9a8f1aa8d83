import { cancelledRecordOf } from '../../domain/backfill/decider';
import { recentPages, type RecentPage } from '../../domain/backfill/progress';
import type { BackfillCancelReason } from '../../domain/backfill/events';
import type { LookupFailureReason } from '../../domain/lookups/events';
import { eachEvent, type ReadModelTransaction } from '../projection';

const GIVEN_BACK =
  'Records charged but not yet written get their credits back and count as failed (Backfill Cancelled).';

const CANCELLED_BECAUSE: Record<BackfillCancelReason, string> = {
  by_user: `Cancelled. Records already filled keep their values and charges. ${GIVEN_BACK}`,
  portal_disconnected: `Cancelled because the portal’s connection was deleted. ${GIVEN_BACK}`,
};

/** An undo job writes back earlier values and charges nothing: nothing is given back. */
const UNDO_CANCELLED_BECAUSE: Record<BackfillCancelReason, string> = {
  by_user:
    'Cancelled. Records already restored keep their earlier values; the others keep what the job wrote.',
  portal_disconnected:
    'Cancelled because the portal’s connection was deleted. Records already restored keep their earlier values.',
};

const PAUSED = 'Paused. Resume to go on from the last record filled.';
const UNDO_PAUSED = 'Paused. Resume to go on from the last record restored.';

/** Whether the job is an undo job (its wording differs: it restores, and charges nothing). */
async function isUndo(trx: ReadModelTransaction, jobId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('backfill_jobs')
    .select('undo_of')
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  return Boolean(row?.undo_of);
}

/** The counts by reason a row holds (JSON), with more added. */
function withCounts<Reason extends string>(
  json: string,
  add: Partial<Record<Reason, number>>,
): Partial<Record<Reason, number>> {
  const counts = JSON.parse(json) as Partial<Record<Reason, number>>;
  for (const [reason, n] of Object.entries(add) as [Reason, number][])
    counts[reason] = (counts[reason] ?? 0) + n;
  return counts;
}

const withFailures = withCounts<LookupFailureReason>;

async function update(
  trx: ReadModelTransaction,
  jobId: string,
  at: string,
  set: {
    state: string;
    state_detail: string | null;
    running_since?: string | null;
    finished_at?: string | null;
  },
) {
  await trx
    .updateTable('backfill_jobs')
    .set({ ...set, updated_at: at })
    .where('job_id', '=', jobId)
    .execute();
}

/** Every backfill job with its state and progress, so the dashboard shows them after a reload. */
export const backfillJobsProjection = eachEvent({
  name: 'backfill_jobs',
  tables: ['backfill_jobs'],
  handlers: {
    async BackfillStarted(trx, { data: d }) {
      await trx
        .insertInto('backfill_jobs')
        .values({
          job_id: d.jobId,
          user_id: d.userId,
          portal_id: d.portalId,
          object_type: d.objectType,
          scope: d.scope,
          changed_since: d.changedSince,
          health_class: d.healthClass ?? null,
          undo_of: d.undoOf ?? null,
          state: 'running',
          state_detail: null,
          total: d.total,
          cursor: null,
          running_since: d.at,
          started_at: d.at,
          updated_at: d.at,
          finished_at: null,
        })
        .onConflict((oc) => oc.column('job_id').doNothing())
        .execute();
    },
    async BackfillPageProcessed(trx, { data: d }) {
      const row = await trx
        .selectFrom('backfill_jobs')
        .select(['failures', 'skipped', 'recent_pages'])
        .where('job_id', '=', d.jobId)
        .executeTakeFirst();
      if (!row) return;
      const failures = withFailures(row.failures, d.failuresByReason);
      const skipped = withCounts(row.skipped, d.skippedByReason ?? {});
      const at = Date.parse(d.at);
      const pages = recentPages(
        [...(JSON.parse(row.recent_pages) as RecentPage[]), { at, records: d.records }],
        at,
      );
      await trx
        .updateTable('backfill_jobs')
        .set((eb) => ({
          cursor: d.cursor,
          done: eb('done', '+', d.records),
          // The search counted them in the job's scope; ZipFill can change nothing in them.
          total: eb('total', '-', d.outOfScope ?? 0),
          succeeded: eb('succeeded', '+', d.succeeded),
          credits_spent: eb('credits_spent', '+', d.credits),
          failures: JSON.stringify(failures),
          skipped: JSON.stringify(skipped),
          recent_pages: JSON.stringify(pages),
          updated_at: d.at,
        }))
        .where('job_id', '=', d.jobId)
        .execute();
    },
    // A cancelled job's record refunded after its cancel (api/backfill/runner.ts): no page records it.
    async LookupFailed(trx, { data: d }) {
      const record = cancelledRecordOf(d);
      if (!record) return;
      const row = await trx
        .selectFrom('backfill_jobs')
        .select('failures')
        .where('job_id', '=', record.jobId)
        .executeTakeFirst();
      if (!row) return;
      await trx
        .updateTable('backfill_jobs')
        .set((eb) => ({
          done: eb('done', '+', 1),
          failures: JSON.stringify(withFailures(row.failures, { [d.reason]: 1 })),
          updated_at: d.at,
        }))
        .where('job_id', '=', record.jobId)
        .execute();
    },
    async BackfillPaused(trx, { data: d }) {
      await update(trx, d.jobId, d.at, {
        state: 'paused',
        state_detail: (await isUndo(trx, d.jobId)) ? UNDO_PAUSED : PAUSED,
        running_since: null,
      });
    },
    async BackfillResumed(trx, { data: d }) {
      await update(trx, d.jobId, d.at, { state: 'running', state_detail: null, running_since: d.at });
    },
    async BackfillStopped(trx, { data: d }) {
      await update(trx, d.jobId, d.at, { state: d.reason, state_detail: d.detail, running_since: null });
    },
    async BackfillCancelled(trx, { data: d }) {
      await update(trx, d.jobId, d.at, {
        state: 'cancelled',
        state_detail: ((await isUndo(trx, d.jobId)) ? UNDO_CANCELLED_BECAUSE : CANCELLED_BECAUSE)[d.reason],
        running_since: null,
        finished_at: d.at,
      });
    },
    async BackfillCompleted(trx, { data: d }) {
      await update(trx, d.jobId, d.at, {
        state: 'completed',
        state_detail: null,
        running_since: null,
        finished_at: d.at,
      });
    },
  },
});
