import { creditsStream } from '../../domain/credits/decider';
import type { EventMetadata, EventStore } from '../../domain/eventstore/types';
import {
  lookupStream,
  type LookupIgnoredReason,
  type LookupRef,
  type LookupRequestEvent,
} from '../../domain/lookups/events';
import { planLookups } from '../../domain/lookups/plan';
import type { PendingLookup } from '../../projections/lookups/queries';
import type { ZipTable } from '../adapters/geocoder/zip-table';
import type { CreditsHandler } from '../credits/handler';
import type { BatchCommand } from '../eventsourcing/command-handler';
import type { CrmClientFactory, PortalDirectory } from '../portals/types';
import type { CreditsCommand } from '../../domain/credits/decider';
import { chargeCommandId, ignoredEventId, outcomeCommandId } from './ids';
import { outcomeCommandOf, writeToCrm, type CrmWrite, type WriteResult } from './crm-writes';
import type { LookupJournal } from './journal';
import type { LookupMetrics } from '../metrics/metrics';
import type { ReadModelDb } from '../../projections/schema';
import { writtenValuesReader } from '../../projections/writes/queries';

/** What any lookup needs, whatever asked for it (a webhook, a workflow action, a backfill job). */
export interface LookupDeps {
  store: EventStore;
  credits: CreditsHandler;
  portals: PortalDirectory;
  crm: CrmClientFactory;
  zipTable: ZipTable;
  /** Where what ZipFill last wrote to each record is read ("update unless edited"). */
  readModels: ReadModelDb;
  now: () => Date;
}

export interface WaveDeps extends LookupDeps {
  /** Tells each lookup's steps in its request's log; absent, nothing is told. */
  journal?: LookupJournal;
  /** Times each stage of the wave; absent, nothing is measured. */
  metrics?: LookupMetrics;
}

const refOf = (l: PendingLookup, zipDataVersion: string): LookupRef => ({
  lookupId: l.lookupId,
  source: 'webhook',
  portalId: l.portalId,
  objectType: l.objectType,
  objectId: l.objectId,
  zip: l.zip,
  requestedAt: l.requestedAt,
  zipDataVersion,
});

const metadataOf = (l: PendingLookup, userId?: string): EventMetadata => ({
  correlationId: l.lookupId,
  ...(l.requestId ? { requestId: l.requestId } : {}),
  ...(userId ? { userId } : {}),
});

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Takes a batch of pending lookups to their outcomes: finds each portal's owner, lets the domain
 * plan each lookup (domain/lookups/plan.ts: ignore, fail or charge), records the ignored ones,
 * charges and fails the others (one append per user), writes the CRM in batches per portal and
 * object type, and records success or failure with the refund (one append per user).
 */
export async function processWave(deps: WaveDeps, lookups: readonly PendingLookup[]): Promise<void> {
  const began = deps.now().getTime();
  const seconds = (from: number) => (deps.now().getTime() - from) / 1000;
  for (const l of lookups) deps.metrics?.stage('queued', (began - Date.parse(l.requestedAt)) / 1000);
  const portalIds = [...new Set(lookups.map((l) => l.portalId))];
  const routes = new Map(
    await Promise.all(portalIds.map(async (id) => [id, await deps.portals.route(id)] as const)),
  );
  const plans = planLookups(
    lookups,
    (id) => routes.get(id),
    (code) => deps.zipTable.resolve(code),
  );
  const at = deps.now().toISOString();
  const users = [...new Set(plans.flatMap(({ plan: p }) => (p.kind === 'ignore' ? [] : [p.userId])))];
  const journal = await deps.journal?.forWave(users);

  const ignoring = plans.flatMap(({ change: lookup, plan: p }) =>
    p.kind === 'ignore' ? [{ lookup, p }] : [],
  );
  const byUser = groupBy(
    plans.flatMap(({ change: lookup, plan: p }) => (p.kind === 'ignore' ? [] : [{ lookup, p }])),
    ({ p }) => p.userId,
  );

  const writes: CrmWrite[] = [];
  const charging = deps.now().getTime();
  // Every user's charges in one call: the streams whose state the handler holds are appended
  // together, in one statement on PostgreSQL and PGlite instead of one for each user.
  const charges = new Map(
    [...byUser].map(([userId, items]) => [
      creditsStream(userId),
      items.map(({ lookup, p }): BatchCommand<CreditsCommand> =>
        p.kind === 'fail'
          ? {
              command: {
                type: 'FailLookup',
                lookup: refOf(lookup, deps.zipTable.version),
                reason: p.reason,
                detail: p.detail,
                at,
              },
              commandId: outcomeCommandId(lookup.lookupId),
              metadata: metadataOf(lookup, userId),
            }
          : {
              command: { type: 'ChargeLookup', lookup: refOf(lookup, deps.zipTable.version), at },
              commandId: chargeCommandId(lookup.lookupId),
              metadata: metadataOf(lookup, userId),
            },
      ),
    ]),
  );
  const [charged] = await Promise.all([
    deps.credits.handleEachAcross(charges),
    ...ignoring.map(async ({ lookup, p }) => {
      await ignore(deps.store, lookup, p.reason, p.detail, at);
      journal?.ignored(lookup, p.reason, p.detail);
    }),
  ]);
  for (const [userId, items] of byUser) {
    const { state, outcomes } = charged.get(creditsStream(userId))!;
    items.forEach(({ lookup }, i) => {
      const outcome = outcomes[i];
      for (const event of outcome?.ok ? outcome.events : [])
        if (event.type === 'LookupCharged') journal?.charged(lookup, userId, event);
        else if (event.type === 'LookupFailed') journal?.recorded(lookup, userId, event);
    });
    // Charged now or by an earlier run that stopped before the outcome: either way, it is paid for.
    items.forEach(({ lookup, p }, i) => {
      if (p.kind !== 'charge' || !state.inFlight.has(lookup.lookupId)) return;
      const outcome = outcomes[i];
      const chargedNow = outcome?.ok === true && outcome.events.some((e) => e.type === 'LookupCharged');
      writes.push({
        lookup,
        userId,
        route: p.portal,
        writes: p.writes,
        acceptedCities: p.acceptedCities,
        resumed: !chargedNow,
      });
    });
  }
  deps.metrics?.stage('charge', seconds(charging));
  if (writes.length === 0) return;

  const writing = deps.now().getTime();
  const results = await writeToCrm(deps.crm, writes, writtenValuesReader(deps));
  deps.metrics?.stage('crm_write', seconds(writing));
  for (const result of results) journal?.written(result);
  const done = deps.now().toISOString();
  const recording = deps.now().getTime();
  const byWriter = groupBy(results, (r) => r.write.userId);
  const recorded = await deps.credits.handleEachAcross(
    new Map(
      [...byWriter].map(([userId, items]) => [
        creditsStream(userId),
        items.map((r) => outcomeCommand(r, done, deps.zipTable.version)),
      ]),
    ),
  );
  for (const [userId, items] of byWriter) {
    const { outcomes } = recorded.get(creditsStream(userId))!;
    items.forEach(({ write }, i) => {
      const outcome = outcomes[i];
      for (const event of outcome?.ok ? outcome.events : [])
        if (event.type === 'LookupSucceeded' || event.type === 'LookupFailed')
          journal?.recorded(write.lookup, userId, event);
    });
  }
  deps.metrics?.stage('record', seconds(recording));
  for (const { write } of results)
    deps.metrics?.stage('end_to_end', seconds(Date.parse(write.lookup.requestedAt)));
}

function outcomeCommand(
  { write, outcome }: WriteResult,
  at: string,
  zipDataVersion: string,
): BatchCommand<CreditsCommand> {
  const lookup = refOf(write.lookup, zipDataVersion);
  return {
    command: outcomeCommandOf(lookup, outcome, at),
    commandId: outcomeCommandId(write.lookup.lookupId),
    metadata: metadataOf(write.lookup, write.userId),
  };
}

async function ignore(
  store: EventStore,
  lookup: PendingLookup,
  reason: LookupIgnoredReason,
  detail: string,
  at: string,
): Promise<void> {
  const event: LookupRequestEvent = {
    type: 'LookupIgnored',
    data: { lookupId: lookup.lookupId, portalId: lookup.portalId, reason, detail, at },
  };
  // The request is the stream's only event (revision 0); a repeat of this append is recognised by its id.
  await store.append(
    lookupStream(lookup.lookupId),
    [{ id: ignoredEventId(lookup.lookupId), ...event, metadata: metadataOf(lookup) }],
    {
      expected: 0n,
    },
  );
}
