import { creditsStream, type CreditsCommand } from '../../domain/credits/decider';
import { CreditsRuleError } from '../../domain/credits/errors';
import { isFinalRefusal } from '../adapters/hubspot/errors';
import {
  backfillLookupId,
  backfillRequestId,
  backfillRecordOf,
  backfillStream,
  type BackfillCounts,
} from '../../domain/backfill/events';
import type { BackfillJobState, BackfillCommand } from '../../domain/backfill/decider';
import { isAbove } from '../../domain/backfill/decider';
import { planRecord, zipOf, type FoundRecord, type RecordPlan } from '../../domain/backfill/records';
import { searchQuery } from '../../domain/backfill/search';
import { NOTHING_TO_UPDATE, type LookupFailureReason, type LookupRef } from '../../domain/lookups/events';
import { lastWrittenValues } from '../../projections/writes/queries';
import { recordOutcomes, type BackfillRecordOutcome } from '../../projections/backfill/queries';
import type { BatchCommand } from '../eventsourcing/command-handler';
import { chargeCommandId, outcomeCommandId } from '../lookups/ids';
import {
  CRM_BATCH_SIZE,
  outcomeCommandOf,
  writeToCrm,
  type LookupTarget,
  type CrmWrite,
  type WriteResult,
} from '../lookups/crm-writes';
import type { CrmPortalClient, PortalRoute } from '../portals/types';
import { mappedPropertiesOf, searchOf, type BackfillDeps } from './deps';

/** A record read by id; `gone` when the CRM no longer has it. */
type ReadRecord = FoundRecord & { gone?: true };

/** A record of the page as a lookup: what the credits stream and the CRM write know it by. */
interface RecordLookup extends LookupTarget {
  ref: LookupRef;
}

const OUT_OF_CREDITS =
  'The balance ran out. Records not reached yet were neither charged nor failed; the job resumes by itself after a purchase.';
const AUTH_FAILED =
  'HubSpot refused this portal’s token (the app was uninstalled or its access revoked). Connect the portal again from the dashboard, then resume.';

const authFailure = (error: unknown) => (error as { reason?: unknown } | null)?.reason === 'crm_auth_failed';

function countInto(
  counts: BackfillCounts,
  outcome: { ok: true } | { ok: false; reason: LookupFailureReason },
) {
  counts.records++;
  if (outcome.ok) {
    counts.succeeded++;
    counts.credits++;
  } else counts.failuresByReason[outcome.reason] = (counts.failuresByReason[outcome.reason] ?? 0) + 1;
}

const outcomeOfRow = (
  row: BackfillRecordOutcome,
): { ok: true } | { ok: false; reason: LookupFailureReason } =>
  row.outcome === 'succeeded'
    ? { ok: true as const }
    : row.outcome === 'nothing_to_update'
      ? { ok: false as const, reason: NOTHING_TO_UPDATE }
      : { ok: false as const, reason: row.reason ?? 'crm_update_failed' };

/**
 * One page of a running job: reads the next records above its cursor, plans each one as a live
 * lookup, charges those that would write something (in id order, so that when the balance runs
 * out every record below the cut is paid for and none above it is touched), writes them in
 * batches of 100, records each outcome and then the page with its cursor. Taken up again after a
 * crash, the records that already have an outcome are counted, not redone, and those charged
 * without one are written (the credits stream knows them in flight): nothing is charged twice.
 */
export async function processPage(
  deps: BackfillDeps,
  job: BackfillJobState,
  route: PortalRoute,
  client: CrmPortalClient,
) {
  const stream = backfillStream(job.portalId, job.objectType);
  const handle = (command: BackfillCommand) => deps.jobs.handle(stream, command);
  const at = () => deps.now().toISOString();
  let page;
  try {
    // Always a fresh query above the cursor rather than `after`: records a job fills leave scope
    // "empty", which would shift the offsets `after` counts in, and a restart needs nothing else.
    page = await client.searchRecords(
      job.objectType,
      searchQuery(searchOf(route, job), { aboveId: job.cursor }, deps.pageSize),
      { priority: 'background' },
    );
  } catch (error) {
    if (authFailure(error)) {
      await handle({
        type: 'StopBackfill',
        jobId: job.jobId,
        reason: 'auth_failed',
        detail: AUTH_FAILED,
        at: at(),
      });
      return;
    }
    if (!isFinalRefusal(error)) throw error;
    await handle({
      type: 'StopBackfill',
      jobId: job.jobId,
      reason: 'crm_refused',
      detail: `HubSpot refused the search: ${error.message.replace(/^Searching records failed: /, '')}. Fix the cause in HubSpot, then resume.`,
      at: at(),
    });
    return;
  }
  const credits = creditsStream(job.userId);
  const { state: before } = await deps.credits.load(credits);
  const found = page.results.filter((r) => isAbove(r.id, job.cursor));
  const records: ReadRecord[] = [
    ...found,
    ...(await stranded(deps, job, route, client, before.inFlight, found, page.after)),
  ].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  if (records.length === 0) {
    await handle({ type: 'CompleteBackfill', jobId: job.jobId, at: at() });
    return;
  }
  const ids = records.map((r) => r.id);
  const [earlier, lastWritten] = await Promise.all([
    recordOutcomes(deps.readModels, job.jobId, ids),
    lastWrittenValues(deps, job.portalId, job.objectType, ids),
  ]);
  const requestedAt = at();
  const lookupOf = (record: FoundRecord): RecordLookup => {
    const lookupId = backfillLookupId(job.jobId, record.id);
    const ref: LookupRef = {
      lookupId,
      source: 'backfill',
      portalId: job.portalId,
      objectType: job.objectType,
      objectId: record.id,
      zip: zipOf(record, { portal: route, objectType: job.objectType }),
      requestedAt,
      zipDataVersion: deps.zipTable.version,
    };
    return { lookupId, portalId: job.portalId, objectType: job.objectType, objectId: record.id, ref };
  };
  const planned = records
    .filter((r) => !earlier.has(r.id))
    .map((record) => ({
      record,
      lookup: lookupOf(record),
      plan: record.gone
        ? ({
            kind: 'fail',
            reason: 'crm_record_not_found',
            detail: `No ${job.objectType} ${record.id}`,
          } satisfies RecordPlan)
        : planRecord(record, {
            jobId: job.jobId,
            portalId: job.portalId,
            objectType: job.objectType,
            portal: route,
            resolve: (code) => deps.zipTable.resolve(code),
            lastWritten: lastWritten.get(record.id) ?? {},
            resumed: before.inFlight.has(backfillLookupId(job.jobId, record.id)),
            scope: job.scope,
            ...(job.healthClass ? { healthClass: job.healthClass } : {}),
          }),
    }));
  const metadata = { correlationId: job.jobId, userId: job.userId };

  const charging = planned.filter((p) => p.plan.kind === 'charge');
  const charged = await deps.credits.handleEach(
    credits,
    charging.map(({ lookup }) => ({
      command: { type: 'ChargeLookup', lookup: lookup.ref, at: at() },
      commandId: chargeCommandId(lookup.lookupId),
      metadata,
    })),
  );
  let cut: string | undefined;
  charged.outcomes.forEach((outcome, i) => {
    if (outcome.ok) return;
    if (!(outcome.error instanceof CreditsRuleError && outcome.error.code === 'insufficient_credits'))
      throw outcome.error;
    cut ??= charging[i]!.record.id;
  });
  // Records from the first one the balance could not pay for on are left for a resume.
  const below = (id: string) => cut === undefined || BigInt(id) < BigInt(cut);

  const writes: CrmWrite<RecordLookup>[] = charging
    .filter((p) => below(p.record.id))
    .flatMap(({ record, lookup, plan }) =>
      plan.kind === 'charge' && charged.state.inFlight.has(lookup.lookupId)
        ? [
            {
              lookup,
              userId: job.userId,
              route,
              writes: plan.writes,
              acceptedCities: plan.acceptedCities,
              current: record.properties,
              resumed: before.inFlight.has(lookup.lookupId),
            },
          ]
        : [],
    );
  const results = await writeToCrm(
    deps.crm,
    writes,
    (portalId, objectType, objectIds) => lastWrittenValues(deps, portalId, objectType, objectIds),
    { priority: 'background' },
  );
  const done = at();
  const recording: { lookup: RecordLookup; command: BatchCommand<CreditsCommand> }[] = [
    ...planned
      .filter((p) => below(p.record.id))
      .flatMap(({ lookup, plan }) =>
        plan.kind === 'fail' ? [{ lookup, command: failCommand(lookup, plan, done) }] : [],
      ),
    ...results.map((r) => ({ lookup: r.write.lookup, command: outcomeCommand(r, done) })),
  ];
  if (recording.length > 0) {
    const { outcomes } = await deps.credits.handleEach(
      credits,
      recording.map(({ command }) => ({ ...command, metadata })),
    );
    await journalOutcomes(deps, job, recording, outcomes);
  }

  const counts: BackfillCounts = { records: 0, succeeded: 0, failuresByReason: {}, credits: 0 };
  for (const record of records.filter((r) => below(r.id))) {
    const before = earlier.get(record.id);
    if (before) countInto(counts, outcomeOfRow(before));
  }
  for (const { plan } of planned.filter((p) => below(p.record.id)))
    if (plan.kind === 'fail') countInto(counts, { ok: false, reason: plan.reason });
    else if (plan.kind === 'out_of_scope') counts.outOfScope = (counts.outOfScope ?? 0) + 1;
  for (const { outcome } of results) countInto(counts, outcome);

  const last = records.filter((r) => below(r.id)).at(-1);
  if (last) await handle({ type: 'RecordPage', jobId: job.jobId, cursor: last.id, counts, at: done });
  if (cut !== undefined)
    await handle({
      type: 'StopBackfill',
      jobId: job.jobId,
      reason: 'out_of_credits',
      detail: OUT_OF_CREDITS,
      at: done,
    });
  else if (results.some((r) => !r.outcome.ok && r.outcome.reason === 'crm_auth_failed'))
    await handle({
      type: 'StopBackfill',
      jobId: job.jobId,
      reason: 'auth_failed',
      detail: AUTH_FAILED,
      at: done,
    });
  else if (page.after === undefined) await handle({ type: 'CompleteBackfill', jobId: job.jobId, at: done });
}

/**
 * Records of the job an earlier run charged but left without an outcome, in the range this page
 * covers, that the search no longer finds: written by that run, they left scope "empty". Read
 * by id so they get their outcome; one deleted since fails as crm_record_not_found, its credit
 * given back.
 */
async function stranded(
  deps: BackfillDeps,
  job: BackfillJobState,
  route: PortalRoute,
  client: CrmPortalClient,
  inFlight: ReadonlySet<string>,
  found: readonly FoundRecord[],
  after: string | undefined,
): Promise<ReadRecord[]> {
  const last = after === undefined ? undefined : found.at(-1)?.id;
  const onPage = new Set(found.map((r) => r.id));
  const ids = [...inFlight].flatMap((lookupId) => {
    const record = backfillRecordOf(lookupId);
    if (record?.jobId !== job.jobId || onPage.has(record.objectId) || !isAbove(record.objectId, job.cursor))
      return [];
    return last === undefined || !isAbove(record.objectId, last) ? [record.objectId] : [];
  });
  if (ids.length === 0) return [];
  const properties = [route.zipProperty[job.objectType], ...mappedPropertiesOf(route, job.objectType)];
  const read = new Map<string, Record<string, string | null>>();
  for (let i = 0; i < ids.length; i += CRM_BATCH_SIZE)
    for (const [id, values] of await client.readRecords(
      job.objectType,
      ids.slice(i, i + CRM_BATCH_SIZE),
      properties,
      {
        priority: 'background',
      },
    ))
      read.set(id, values);
  return ids.map((id) => {
    const properties = read.get(id);
    return properties ? { id, properties } : { id, properties: {}, gone: true };
  });
}

/** Tells each recorded outcome in the job's request log, as a live lookup's is told. */
async function journalOutcomes(
  deps: BackfillDeps,
  job: BackfillJobState,
  recording: readonly { lookup: RecordLookup }[],
  outcomes: Awaited<ReturnType<BackfillDeps['credits']['handleEach']>>['outcomes'],
) {
  if (!deps.journal) return;
  const journal = await deps.journal.forWave([job.userId]);
  recording.forEach(({ lookup }, i) => {
    const outcome = outcomes[i];
    for (const event of outcome?.ok ? outcome.events : [])
      if (event.type === 'LookupSucceeded' || event.type === 'LookupFailed')
        journal.recorded(
          { ...lookup, zip: lookup.ref.zip, source: 'backfill', requestId: backfillRequestId(job.jobId) },
          job.userId,
          event,
        );
  });
}

function failCommand(
  lookup: RecordLookup,
  plan: Extract<RecordPlan, { kind: 'fail' }>,
  at: string,
): BatchCommand<CreditsCommand> {
  return {
    command: { type: 'FailLookup', lookup: lookup.ref, reason: plan.reason, detail: plan.detail, at },
    commandId: outcomeCommandId(lookup.lookupId),
  };
}

function outcomeCommand(
  { write, outcome }: WriteResult<RecordLookup>,
  at: string,
): BatchCommand<CreditsCommand> {
  return {
    command: outcomeCommandOf(write.lookup.ref, outcome, at),
    commandId: outcomeCommandId(write.lookup.lookupId),
  };
}
