import { randomUUID } from 'node:crypto';
import { backfillLookupId, backfillStream } from '../../domain/backfill/events';
import {
  emptyUndoTally,
  planJobUndo,
  propertiesWrittenBy,
  tallyUndo,
  undoFigures,
  undoRefusal,
  type JobUndoPlan,
} from '../../domain/record-history/job-undo';
import type { RecordHistoryEvent } from '../../domain/record-history/history';
import type { CrmObjectTypeName } from '../../domain/lookups/webhook-event';
import {
  changedRecordCount,
  changedRecordsAbove,
  type BackfillJobRow,
} from '../../projections/backfill/queries';
import { recordHistories } from '../../projections/record-history/queries';
import { conflict } from '../http/errors';
import { CRM_BATCH_SIZE } from '../lookups/crm-writes';
import type { CrmPortalClient } from '../portals/types';
import type { UndoDryRunAnswer } from './contract';
import type { BackfillDeps } from './deps';
import { ownedJob, readablePortal } from './jobs';

/** The job of this user that is to be undone, when the undo rules allow it; 404 or 409 saying why otherwise. */
async function undoableJob(deps: BackfillDeps, userId: string, jobId: string): Promise<BackfillJobRow> {
  const job = await ownedJob(deps, userId, jobId);
  const refusal = undoRefusal(job);
  if (refusal) throw conflict(refusal);
  await readablePortal(deps, userId, job.portalId);
  return job;
}

/** What undoing a job does to some of its records, as HubSpot holds them now. */
export interface PlannedRecords {
  plans: Map<string, JobUndoPlan>;
  histories: Map<string, RecordHistoryEvent[]>;
}

/**
 * Plans undoing `undoOf`'s change to each of these records (domain/record-history/job-undo.ts):
 * their histories read at once, and the properties the job wrote read from HubSpot in batches of
 * 100 at background priority, so that live lookups keep their place in the portal's budget.
 */
export async function planRecords(
  deps: BackfillDeps,
  client: CrmPortalClient,
  job: { portalId: string; objectType: CrmObjectTypeName; undoOf: string },
  undoJobId: string,
  objectIds: readonly string[],
): Promise<PlannedRecords> {
  const histories = await recordHistories(deps, job.portalId, job.objectType, objectIds);
  const lookupOf = (objectId: string) => backfillLookupId(job.undoOf, objectId);
  const properties = [
    ...new Set(objectIds.flatMap((id) => propertiesWrittenBy(histories.get(id) ?? [], lookupOf(id)))),
  ];
  const current = new Map<string, Record<string, string | null>>();
  if (properties.length > 0)
    for (let i = 0; i < objectIds.length; i += CRM_BATCH_SIZE)
      for (const [id, values] of await client.readRecords(
        job.objectType,
        objectIds.slice(i, i + CRM_BATCH_SIZE),
        properties,
        { priority: 'background' },
      ))
        current.set(id, values);
  const plans = new Map(
    objectIds.map((id) => [
      id,
      planJobUndo(histories.get(id) ?? [], lookupOf(id), current.get(id), undoJobId),
    ]),
  );
  return { plans, histories };
}

/**
 * What undoing a job would do, nothing written: the records it changed, read in id order as the
 * undo job reads them, up to `deps.dryRunSample` of them so that it answers within the request
 * (100 records a HubSpot batch read: 10,000 are 100 reads, about 9 s within HubSpot's 110 per
 * 10 s); a larger job is estimated from them. Free.
 */
export async function undoDryRun(
  deps: BackfillDeps,
  userId: string,
  jobId: string,
): Promise<UndoDryRunAnswer> {
  const job = await undoableJob(deps, userId, jobId);
  const client = await deps.crm.forPortal(job.portalId);
  // No undo job has this id: a record this one restored cannot be among those read.
  const undoJobId = randomUUID();
  let tally = emptyUndoTally();
  let cursor: string | null = null;
  while (tally.recordsChanged < deps.dryRunSample) {
    const limit = Math.min(CRM_BATCH_SIZE, deps.dryRunSample - tally.recordsChanged);
    const ids = await changedRecordsAbove(deps.readModels, job.jobId, cursor, limit);
    if (ids.length === 0) break;
    const { plans } = await planRecords(deps, client, { ...job, undoOf: job.jobId }, undoJobId, ids);
    for (const plan of plans.values()) tally = tallyUndo(tally, plan);
    cursor = ids.at(-1)!;
    if (ids.length < limit) break;
  }
  const figures = undoFigures(tally, await changedRecordCount(deps.readModels, job.jobId));
  return { jobId: job.jobId, portalId: job.portalId, objectType: job.objectType, ...figures };
}

/**
 * Starts undoing a finished job, as a job of its own on the same portal and object type (409
 * naming the one there when another is unfinished): it restores the records the job changed, a
 * page at a time, and charges nothing. Answers the undo job's id.
 */
export async function startUndo(deps: BackfillDeps, userId: string, jobId: string): Promise<string> {
  const job = await undoableJob(deps, userId, jobId);
  const undoJobId = randomUUID();
  await deps.jobs.handle(backfillStream(job.portalId, job.objectType), {
    type: 'StartBackfill',
    jobId: undoJobId,
    userId,
    portalId: job.portalId,
    objectType: job.objectType,
    scope: job.scope,
    changedSince: null,
    total: await changedRecordCount(deps.readModels, job.jobId),
    undoOf: job.jobId,
    at: deps.now().toISOString(),
  });
  return undoJobId;
}
