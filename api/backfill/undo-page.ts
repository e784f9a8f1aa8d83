import { isFinalRefusal } from '../adapters/hubspot/errors';
import type { BackfillCommand, BackfillJobState } from '../../domain/backfill/decider';
import {
  backfillLookupId,
  backfillStream,
  type BackfillCounts,
  type UndoneRecord,
} from '../../domain/backfill/events';
import type { StreamAppend } from '../../domain/eventstore/types';
import { recordStream, type RecordChangeEvent } from '../../domain/record-history/events';
import type { RecordHistoryEvent } from '../../domain/record-history/history';
import { changedRecordsAbove } from '../../projections/backfill/queries';
import { writeRestores } from '../record-history/restore';
import { undoneEventId } from '../lookups/ids';
import type { CrmPortalClient } from '../portals/types';
import type { BackfillDeps } from './deps';
import { planRecords } from './undo';

const AUTH_FAILED =
  'HubSpot refused this portal’s token (the app was uninstalled or its access revoked). Connect the portal again from the dashboard, then resume.';

const authFailure = (error: unknown) => (error as { reason?: unknown } | null)?.reason === 'crm_auth_failed';

/** The record stream's expected revision: it holds the record's undos and nothing else. */
function expectedUndos(history: readonly RecordHistoryEvent[]): StreamAppend['expected'] {
  const undos = history.filter((e) => e.type === 'RecordChangeUndone').length;
  return undos === 0 ? 'no_stream' : BigInt(undos - 1);
}

/**
 * The properties this undo job wrote back to a record on an earlier try of the page, and those it
 * kept, as its undo recorded them: the report shows the record as that try left it.
 */
function undoneEarlier(history: readonly RecordHistoryEvent[], lookupId: string) {
  const undo = history.find((e) => e.type === 'RecordChangeUndone' && e.data.lookupId === lookupId);
  return undo?.type === 'RecordChangeUndone'
    ? { restored: Object.keys(undo.data.restored), kept: undo.data.kept.map((k) => k.property) }
    : { restored: [], kept: [] };
}

/**
 * One page of an undo job: the next records the undone job changed, above the cursor, in id
 * order; each planned against its history and its values in HubSpot (restored only while the
 * job's change is the record's last and a field still holds what the job wrote); the earlier
 * values written back in batches of 100 at background priority; each restore recorded on its
 * record's stream (the record's history, with the undo job's id); then the page with what became
 * of each record. Charges nothing. Taken up again after a crash, a record whose undo was recorded
 * is counted, not redone, and one whose write went out unrecorded already holds its earlier
 * values, which counts as restored: nothing is restored twice or skipped.
 */
export async function processUndoPage(
  deps: BackfillDeps,
  job: BackfillJobState & { undoOf: string },
  client: CrmPortalClient,
) {
  const stream = backfillStream(job.portalId, job.objectType);
  const handle = (command: BackfillCommand) => deps.jobs.handle(stream, command);
  const at = () => deps.now().toISOString();
  const stop = (reason: 'auth_failed' | 'crm_refused', detail: string) =>
    handle({ type: 'StopBackfill', jobId: job.jobId, reason, detail, at: at() });

  const ids = await changedRecordsAbove(deps.readModels, job.undoOf, job.cursor, deps.pageSize);
  if (ids.length === 0) {
    await handle({ type: 'CompleteBackfill', jobId: job.jobId, at: at() });
    return;
  }
  let planned;
  try {
    planned = await planRecords(deps, client, job, job.jobId, ids);
  } catch (error) {
    if (authFailure(error)) return stop('auth_failed', AUTH_FAILED);
    if (!isFinalRefusal(error)) throw error;
    return stop(
      'crm_refused',
      `HubSpot refused to read the records: ${error.message}. Fix the cause in HubSpot, then resume.`,
    );
  }
  const { plans, histories } = planned;
  const restoring = ids.flatMap((objectId) => {
    const plan = plans.get(objectId)!;
    return plan.kind === 'restore' ? [{ objectId, plan }] : [];
  });
  const written = await writeRestores(
    client,
    job.objectType,
    restoring.map(({ objectId, plan }) => ({ objectId, values: plan.restore })),
    'background',
  );
  // A refused token leaves the page to be taken up again after the portal is connected again.
  if ([...written.values()].some((w) => !w.ok && w.reason === 'crm_auth_failed'))
    return stop('auth_failed', AUTH_FAILED);

  const done = at();
  const recorded = restoring.filter(({ objectId }) => written.get(objectId)?.ok);
  const appends: StreamAppend[] = recorded.map(({ objectId, plan }) => {
    const event: RecordChangeEvent = {
      type: 'RecordChangeUndone',
      data: {
        lookupId: plan.lookupId,
        portalId: job.portalId,
        objectType: job.objectType,
        objectId,
        restored: plan.restore,
        kept: plan.kept,
        undoJobId: job.jobId,
        at: done,
      },
    };
    return {
      stream: recordStream(job.portalId, job.objectType, objectId),
      events: [{ id: undoneEventId(plan.lookupId), ...event, metadata: { correlationId: job.jobId } }],
      expected: expectedUndos(histories.get(objectId) ?? []),
    };
  });
  const appended = await deps.store.appendEach(appends);
  const refused = appended.find((outcome) => !outcome.ok);
  // Another undo of one of these records was recorded meanwhile: the page is planned afresh.
  if (refused && !refused.ok) throw refused.error;

  const undone: UndoneRecord[] = ids.map((objectId): UndoneRecord => {
    const plan = plans.get(objectId)!;
    switch (plan.kind) {
      case 'skip':
        return { objectId, outcome: 'skipped', reason: plan.reason };
      case 'restored_already':
        return {
          objectId,
          outcome: 'restored',
          ...undoneEarlier(histories.get(objectId) ?? [], backfillLookupId(job.undoOf, objectId)),
        };
      case 'restore': {
        const outcome = written.get(objectId);
        if (outcome && !outcome.ok)
          return { objectId, outcome: 'failed', reason: outcome.reason, detail: outcome.detail };
        return {
          objectId,
          outcome: 'restored',
          restored: Object.keys(plan.restore),
          kept: plan.kept.map((k) => k.property),
        };
      }
    }
  });
  const counts: BackfillCounts = {
    records: ids.length,
    succeeded: 0,
    failuresByReason: {},
    credits: 0,
    skippedByReason: {},
  };
  for (const record of undone)
    if (record.outcome === 'restored') counts.succeeded++;
    else if (record.outcome === 'skipped')
      counts.skippedByReason![record.reason] = (counts.skippedByReason![record.reason] ?? 0) + 1;
    else counts.failuresByReason[record.reason] = (counts.failuresByReason[record.reason] ?? 0) + 1;
  await handle({ type: 'RecordPage', jobId: job.jobId, cursor: ids.at(-1)!, counts, undone, at: done });
  if (ids.length < deps.pageSize) await handle({ type: 'CompleteBackfill', jobId: job.jobId, at: done });
}
