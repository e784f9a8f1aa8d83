import type { CreditsCommand } from '../../domain/credits/decider';
import type { LookupFailureReason, LookupRef } from '../../domain/lookups/events';
import { NOTHING_TO_UPDATE } from '../../domain/lookups/events';
import {
  decideWrites,
  describeSkipped,
  needsLastWritten,
  resumedFill,
  type PlannedWrite,
} from '../../domain/lookups/write-modes';
import type { PendingLookup } from '../../projections/lookups/queries';
import type {
  CallPriority,
  CrmClientFactory,
  CrmObjectType,
  CrmPortalClient,
  PortalRoute,
  RecordUpdate,
} from '../portals/types';

/** HubSpot's batch update takes at most 100 records. */
export const CRM_BATCH_SIZE = 100;

/** The record a lookup writes to, whichever source asked for it. */
export type LookupTarget = Pick<PendingLookup, 'lookupId' | 'portalId' | 'objectType' | 'objectId'>;

/** A charged lookup's values, each in its field's write mode, ready to be written to its record. */
export interface CrmWrite<L extends LookupTarget = PendingLookup> {
  lookup: L;
  userId: string;
  route: PortalRoute;
  writes: PlannedWrite[];
  /** The city names the ZIP is known by: a record holding one keeps it. */
  acceptedCities: string[];
  /**
   * Charged by an earlier run that stopped before recording the outcome; its write may have
   * landed, and is then its success (resumedFill).
   */
  resumed?: boolean;
  /** The record's values when they were just read (a backfill's search): not read again. */
  current?: Readonly<Record<string, string | null>>;
}

/**
 * What ZipFill last wrote to records of one portal and object type, by record id and property;
 * a record or property it never wrote is absent.
 */
export type LastWrittenValues = (
  portalId: string,
  objectType: CrmObjectType,
  objectIds: readonly string[],
) => Promise<Map<string, Record<string, string>>>;

export type WriteOutcome =
  | {
      ok: true;
      filled: Record<string, string>;
      /** What each property written now held before ('' when empty); see beforeValues. */
      before: Record<string, string>;
    }
  | { ok: false; reason: LookupFailureReason; detail: string };

export interface WriteResult<L extends LookupTarget = PendingLookup> {
  write: CrmWrite<L>;
  outcome: WriteOutcome;
}

/** What a written lookup's outcome records on the payer's credits: its success with what it replaced, or its failure. */
export const outcomeCommandOf = (lookup: LookupRef, outcome: WriteOutcome, at: string): CreditsCommand =>
  outcome.ok
    ? { type: 'CompleteLookup', lookup, filled: outcome.filled, before: outcome.before, at }
    : { type: 'FailLookup', lookup, reason: outcome.reason, detail: outcome.detail, at };

/** Whose calls these are in the portal's HubSpot budget; live lookups go first. */
export interface WriteOptions {
  priority?: CallPriority;
}

const failure = (error: unknown): WriteOutcome => {
  const reason = (error as { reason?: unknown } | null)?.reason;
  return {
    ok: false,
    reason: reason === 'crm_auth_failed' ? 'crm_auth_failed' : 'crm_update_failed',
    detail: error instanceof Error ? error.message : String(error),
  };
};

/**
 * Writes every lookup's values as their modes allow, one batch call per portal, object type and
 * 100 records. The records' current values are read first (unless the lookup brings them), in
 * every mode: the modes decide on them, and each success records what it replaced so that the
 * change can be shown and undone (one batch read per 100 records, also when every field is
 * overwritten). A record with nothing to update is not written, and its lookup ends free, not failed.
 */
export async function writeToCrm<L extends LookupTarget>(
  crm: CrmClientFactory,
  writes: readonly CrmWrite<L>[],
  lastWritten: LastWrittenValues,
  options: WriteOptions = {},
): Promise<WriteResult<L>[]> {
  const groups = new Map<string, CrmWrite<L>[]>();
  for (const w of writes) {
    const key = `${w.lookup.portalId}\u0000${w.lookup.objectType}`;
    const group = groups.get(key);
    if (group) group.push(w);
    else groups.set(key, [w]);
  }
  const results = await Promise.all(
    [...groups.values()].map(async (group) => {
      const { portalId, objectType } = group[0]!.lookup;
      let client: CrmPortalClient;
      try {
        client = await crm.forPortal(portalId);
      } catch (error) {
        const outcome = failure(error);
        return group.map((write) => ({ write, outcome }));
      }
      return writeGroup({ client, objectType, group, lastWritten, options });
    }),
  );
  return results.flat();
}

/** One portal's writes to records of one object type, and what deciding and writing them takes. */
interface PortalGroup<L extends LookupTarget> {
  client: CrmPortalClient;
  objectType: CrmObjectType;
  group: readonly CrmWrite<L>[];
  lastWritten: LastWrittenValues;
  options: WriteOptions;
}

/** Each write with the properties its modes let through, or the outcome it has without a write. */
async function decide<L extends LookupTarget>({
  client,
  objectType,
  group,
  lastWritten,
  options,
}: PortalGroup<L>): Promise<{
  ready: CrmWrite<L>[];
  /** Failures, records with nothing to update, and resumed lookups whose earlier write had landed. */
  ended: WriteResult<L>[];
  properties: Map<CrmWrite<L>, Record<string, string>>;
  /** What a written lookup reports as filled: what it writes, and for a resumed one what had landed. */
  filled: Map<CrmWrite<L>, Record<string, string>>;
  /** What each property a lookup writes held before it. */
  before: Map<CrmWrite<L>, Record<string, string>>;
}> {
  const ready: CrmWrite<L>[] = [];
  const ended: WriteResult<L>[] = [];
  const properties = new Map<CrmWrite<L>, Record<string, string>>();
  const filled = new Map<CrmWrite<L>, Record<string, string>>();
  const before = new Map<CrmWrite<L>, Record<string, string>>();
  const reading = group.filter((w) => !w.current);
  const tracked = group.filter((w) => needsLastWritten(w.writes));
  const [current, written] = await Promise.all([
    currentValues(client, objectType, reading, options),
    tracked.length === 0
      ? new Map<string, Record<string, string>>()
      : lastWritten(
          group[0]!.lookup.portalId,
          objectType,
          tracked.map((w) => w.lookup.objectId),
        ),
  ]);
  for (const write of group) {
    let values: Readonly<Record<string, string | null>> = write.current ?? {};
    if (!write.current) {
      if (current instanceof Error) {
        ended.push({ write, outcome: failure(current) });
        continue;
      }
      const found = current.get(write.lookup.objectId);
      if (!found) {
        ended.push({
          write,
          outcome: {
            ok: false,
            reason: 'crm_record_not_found',
            detail: `No ${objectType} ${write.lookup.objectId}`,
          },
        });
        continue;
      }
      values = found;
    }
    const decision = decideWrites(
      write.writes,
      { current: values, lastWritten: written.get(write.lookup.objectId) ?? {} },
      write.acceptedCities,
    );
    const fill = write.resumed ? resumedFill(decision) : decision.properties;
    if (fill && Object.keys(decision.properties).length === 0 && Object.keys(fill).length > 0) {
      ended.push({ write, outcome: { ok: true, filled: fill, before: {} } });
      continue;
    }
    if (Object.keys(decision.properties).length === 0) {
      ended.push({
        write,
        outcome: { ok: false, reason: NOTHING_TO_UPDATE, detail: describeSkipped(decision.skipped) },
      });
      continue;
    }
    filled.set(write, fill ?? decision.properties);
    before.set(write, beforeValues(decision.properties, values));
    properties.set(write, decision.properties);
    ready.push(write);
  }
  return { ready, ended, properties, filled, before };
}

/**
 * What each property about to be written holds now, '' when it is empty: the values a change
 * replaces. A resumed lookup's fields that had landed before its run stopped are not among them
 * (what they held before is no longer known), so their earlier value reads as unknown.
 */
const beforeValues = (
  written: Readonly<Record<string, string>>,
  current: Readonly<Record<string, string | null>>,
): Record<string, string> =>
  Object.fromEntries(Object.keys(written).map((property) => [property, current[property] ?? '']));

async function writeGroup<L extends LookupTarget>(portalGroup: PortalGroup<L>): Promise<WriteResult<L>[]> {
  const { client, objectType, options } = portalGroup;
  // A read model that cannot answer is not the CRM's failure: it throws, and the wave is retried.
  const decided = await decide(portalGroup);
  const { ready, properties, filled, before } = decided;
  const results: WriteResult<L>[] = [...decided.ended];
  for (let i = 0; i < ready.length; i += CRM_BATCH_SIZE) {
    const chunk = ready.slice(i, i + CRM_BATCH_SIZE);
    const updates: RecordUpdate[] = chunk.map((w) => ({
      id: w.lookup.objectId,
      properties: properties.get(w)!,
    }));
    let outcomes: Map<string, { ok: true } | { ok: false; reason: LookupFailureReason; detail: string }>;
    try {
      outcomes = await client.updateRecords(objectType, updates, options);
    } catch (error) {
      const outcome = failure(error);
      for (const write of chunk) results.push({ write, outcome });
      continue;
    }
    for (const write of chunk) {
      const outcome = outcomes.get(write.lookup.objectId);
      results.push({
        write,
        outcome: !outcome
          ? { ok: false, reason: 'crm_update_failed', detail: 'The CRM did not report on this record' }
          : outcome.ok
            ? { ok: true, filled: filled.get(write)!, before: before.get(write)! }
            : { ok: false, reason: outcome.reason, detail: outcome.detail },
      });
    }
  }
  return results;
}

async function currentValues(
  client: CrmPortalClient,
  objectType: CrmObjectType,
  writes: readonly CrmWrite<LookupTarget>[],
  options: WriteOptions,
): Promise<Map<string, Record<string, string | null>> | Error> {
  if (writes.length === 0) return new Map();
  const ids = [...new Set(writes.map((w) => w.lookup.objectId))];
  const properties = [...new Set(writes.flatMap((w) => w.writes.map((p) => p.property)))];
  try {
    const found = new Map<string, Record<string, string | null>>();
    for (let i = 0; i < ids.length; i += CRM_BATCH_SIZE) {
      for (const [id, values] of await client.readRecords(
        objectType,
        ids.slice(i, i + CRM_BATCH_SIZE),
        properties,
        options,
      ))
        found.set(id, values);
    }
    return found;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
