import { randomUUID } from 'node:crypto';
import { creditsStream } from '../../domain/credits/decider';
import { backfillStream } from '../../domain/backfill/events';
import { decideBackfill, type BackfillJobState } from '../../domain/backfill/decider';
import { dryRunFigures } from '../../domain/backfill/estimate';
import { nothingToUpdateApart } from '../../domain/lookups/events';
import { ratePerSecond, secondsLeft } from '../../domain/backfill/progress';
import { emptyTally, planRecord, recordsCovered, tallyRecord } from '../../domain/backfill/records';
import { searchQuery } from '../../domain/backfill/search';
import { fixOfClass, type FixableClass } from '../../domain/address-health/fix';
import { isFieldMapped, isMappingConfigured } from '../../domain/portals/config';
import { backfillJob, type BackfillJobRow } from '../../projections/backfill/queries';
import { lastWrittenValues } from '../../projections/writes/queries';
import { badRequest, conflict, notFound } from '../http/errors';
import type { PortalRoute } from '../portals/types';
import type { BackfillDryRunAnswer, BackfillJob, BackfillRequest } from './contract';
import { searchOf, type BackfillDeps } from './deps';
import { readSample } from './sample';

const NO_SUCH_CONNECTION = 'There is no such HubSpot connection on your account.';
const NO_SUCH_JOB = 'There is no such backfill job on your account.';

/** The portal when this user holds it and HubSpot lets ZipFill read it; a clear refusal otherwise. */
export async function readablePortal(
  deps: Pick<BackfillDeps, 'portals'>,
  userId: string,
  portalId: string,
): Promise<PortalRoute> {
  const route = await deps.portals.route(portalId);
  if (!route || route.userId !== userId) throw notFound(NO_SUCH_CONNECTION);
  if (route.accessRevoked)
    throw conflict('HubSpot refused access to this portal. Please connect it again from the dashboard.');
  return route;
}

/**
 * The class a fix job is asked for, when the request names one a lookup can fix, in a job that
 * reads every record with a ZIP, on a portal that maps the field(s) the class concerns; a 400
 * saying why otherwise.
 */
function fixClassOf(route: PortalRoute, request: BackfillRequest): FixableClass | undefined {
  if (request.healthClass === undefined) return undefined;
  const fix = fixOfClass(request.healthClass);
  if (fix.kind === 'refused') throw badRequest(fix.reason);
  if (request.scope !== 'all')
    throw badRequest(
      'A fix of a health-check class reads every record with a ZIP: ask for scope "all" (its records hold the value found wrong, so none has it empty).',
    );
  const unmapped = fix.fields.filter((field) => !isFieldMapped(route.config[request.objectType][field]));
  if (unmapped.length > 0)
    throw badRequest(
      `No ${request.objectType} property is mapped for the ${unmapped.join(' and ')}: nothing of this class can be found or written. Map it on Configure Portal first.`,
    );
  return fix.healthClass;
}

/** The portal when this user holds it, ready for a job (and its fix class, if any); a clear refusal otherwise. */
async function ownedRoute(
  deps: BackfillDeps,
  userId: string,
  portalId: string,
  request: BackfillRequest,
): Promise<{ route: PortalRoute; healthClass: FixableClass | undefined }> {
  const route = await readablePortal(deps, userId, portalId);
  if (!isMappingConfigured(route.config[request.objectType]))
    throw badRequest(
      `No ${request.objectType} fields are mapped: choose where the city, state or county go on Configure Portal first.`,
    );
  return { route, healthClass: fixClassOf(route, request) };
}

const jobRequest = (r: BackfillRequest) => ({
  objectType: r.objectType,
  scope: r.scope,
  changedSince: r.changedSince ?? null,
});

/** A fix job's class as its events and plans carry it: absent for an ordinary backfill. */
const withClass = (healthClass: FixableClass | undefined) => (healthClass ? { healthClass } : {});

/**
 * What a job would do, nothing charged or written: reads the records in scope as a job started
 * now would (those created up to now), up to `deps.dryRunSample` of them so that it answers
 * within the request, plans each against its current values, and sets the credits needed beside
 * the balance. HubSpot's `total` on the first page is the records in scope, exact; when there are
 * more than were read, the figures are estimated from those read, which are the records with the
 * lowest ids (the search is in hs_object_id order), the oldest, not a random sample.
 */
export async function dryRun(
  deps: BackfillDeps,
  userId: string,
  portalId: string,
  request: BackfillRequest,
): Promise<BackfillDryRunAnswer> {
  const { route, healthClass } = await ownedRoute(deps, userId, portalId, request);
  const client = await deps.crm.forPortal(portalId);
  const search = searchOf(route, { ...jobRequest(request), startedAt: deps.now().toISOString() });
  let tally = emptyTally();
  const context = {
    jobId: randomUUID(),
    portalId,
    objectType: request.objectType,
    portal: route,
    resolve: deps.zipTable.resolve.bind(deps.zipTable),
    scope: request.scope,
    ...withClass(healthClass),
  };
  const read = await readSample(client, search, deps.dryRunSample, async (records) => {
    const written = await lastWrittenValues(
      deps,
      portalId,
      request.objectType,
      records.map((r) => r.id),
    );
    for (const record of records)
      tally = tallyRecord(
        tally,
        planRecord(record, { ...context, lastWritten: written.get(record.id) ?? {} }),
      );
  });
  const figures = dryRunFigures(tally, read);
  const { state } = await deps.credits.load(creditsStream(userId));
  const { outOfScope: _left, ...inScope } = figures; // the records ZipFill cannot change are not shown
  return {
    request,
    ...inScope,
    balance: state.balance,
    recordsCovered: recordsCovered(figures.creditsNeeded, state.balance),
  };
}

/** Starts a job (409 naming the one already there); answers its id. */
export async function startJob(
  deps: BackfillDeps,
  userId: string,
  portalId: string,
  request: BackfillRequest,
): Promise<string> {
  const { route, healthClass } = await ownedRoute(deps, userId, portalId, request);
  const stream = backfillStream(portalId, request.objectType);
  const jobId = randomUUID();
  const at = deps.now().toISOString();
  const command = {
    type: 'StartBackfill' as const,
    jobId,
    userId,
    portalId,
    ...jobRequest(request),
    ...withClass(healthClass),
    total: 0,
    at,
  };
  // Refused before HubSpot is asked anything when a job is already there.
  decideBackfill(command, (await deps.jobs.load(stream)).state);
  const client = await deps.crm.forPortal(portalId);
  const first = await client.searchRecords(
    request.objectType,
    searchQuery(searchOf(route, { ...jobRequest(request), startedAt: at }), { aboveId: null }, 1),
    { priority: 'background' },
  );
  await deps.jobs.handle(stream, { ...command, total: first.total });
  return jobId;
}

/** The user's job as its read model has it, or 404. */
export async function ownedJob(deps: BackfillDeps, userId: string, jobId: string): Promise<BackfillJobRow> {
  const row = await backfillJob(deps.readModels, jobId);
  if (!row || row.userId !== userId) throw notFound(NO_SUCH_JOB);
  return row;
}

export type JobAction = 'pause' | 'resume' | 'cancel';

/** Pauses, resumes or cancels a job, as the job rules allow from its state. */
export async function controlJob(
  deps: BackfillDeps,
  row: BackfillJobRow,
  action: JobAction,
): Promise<BackfillJobState> {
  const at = deps.now().toISOString();
  const { state } = await deps.jobs.handle(
    backfillStream(row.portalId, row.objectType),
    action === 'pause'
      ? { type: 'PauseBackfill', jobId: row.jobId, at }
      : action === 'resume'
        ? { type: 'ResumeBackfill', jobId: row.jobId, at }
        : { type: 'CancelBackfill', jobId: row.jobId, reason: 'by_user', at },
  );
  return state.job!;
}

/** Waits until the read model shows the job in the state just recorded, so the next read sees it. */
export async function caughtUp(
  deps: BackfillDeps,
  jobId: string,
  state: string,
  timeoutMs = 3_000,
): Promise<BackfillJobRow | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await backfillJob(deps.readModels, jobId);
    if (row?.state === state || Date.now() > deadline) return row;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A job as the dashboard shows it, its rate and time left as of `now`. */
export function jobAnswer(row: BackfillJobRow, now: Date): BackfillJob {
  const running = row.state === 'running';
  const rate = ratePerSecond(
    row.recentPages,
    row.runningSince === null ? null : Date.parse(row.runningSince),
    now.getTime(),
    running,
  );
  // Nothing to update is counted among the failures by reason as recorded; it is not one.
  const { failuresByReason, nothingToUpdate } = nothingToUpdateApart(row.failuresByReason);
  const failed = Object.values(failuresByReason).reduce((sum, n) => sum + (n ?? 0), 0);
  return {
    jobId: row.jobId,
    portalId: row.portalId,
    objectType: row.objectType,
    scope: row.scope,
    changedSince: row.changedSince,
    healthClass: row.healthClass,
    undoOf: row.undoOf,
    state: row.state,
    stateDetail: row.stateDetail,
    progress: {
      done: row.done,
      total: row.total,
      succeeded: row.succeeded,
      nothingToUpdate,
      failed,
      failuresByReason,
      creditsSpent: row.creditsSpent,
      skipped: Object.values(row.skippedByReason).reduce((sum, n) => sum + (n ?? 0), 0),
      skippedByReason: row.skippedByReason,
      ratePerSecond: rate,
      secondsLeft: running ? secondsLeft(row.total, row.done, rate) : null,
    },
    startedAt: row.startedAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
  };
}
