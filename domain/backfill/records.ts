import { isNothingToUpdate, NOTHING_TO_UPDATE, type LookupFailureReason } from '../lookups/events';
import { planLookup, type LookupPortal, type ResolveLocation } from '../lookups/plan';
import { decideWrites, describeSkipped, type PlannedWrite } from '../lookups/write-modes';
import type { CrmObjectTypeName } from '../lookups/webhook-event';
import { classifyAddress } from '../address-health/classify';
import { fixWrites, type FixableClass } from '../address-health/fix';
import { addressOfRecord } from '../address-health/record-address';
import { backfillLookupId, type BackfillScope } from './events';

/** A record as the search returns it: its id and the properties asked for. */
export interface FoundRecord {
  id: string;
  properties: Readonly<Record<string, string | null>>;
}

/**
 * What becomes of one record of a job: a failure without a charge, or a charge for the values
 * its write modes let through against what the record holds now.
 */
export type RecordPlan =
  /**
   * Read by the "only empty" search, but none of its empty mapped fields can be filled from its
   * ZIP; or, in a fix job, not of the job's health-check class.
   */
  | { kind: 'out_of_scope' }
  | { kind: 'fail'; reason: LookupFailureReason; detail: string }
  | {
      kind: 'charge';
      writes: PlannedWrite[];
      /** What the modes write, decided against the values the search returned. */
      properties: Record<string, string>;
      acceptedCities: string[];
    };

export interface RecordContext {
  jobId: string;
  portalId: string;
  objectType: CrmObjectTypeName;
  portal: LookupPortal;
  resolve: ResolveLocation;
  /** What ZipFill last wrote to this record, by property ("update unless edited"). */
  lastWritten: Readonly<Record<string, string>>;
  /** Charged by an earlier run of the job that stopped before the outcome: its write may have landed. */
  resumed?: boolean;
  /** What the job reads: every record with a ZIP, or those with a mapped field empty. */
  scope: BackfillScope;
  /** A fix job's class: only its records are looked up, and only the fields it concerns written. */
  healthClass?: FixableClass;
}

/** The ZIP a record holds, as the job reads it. */
export const zipOf = (record: FoundRecord, context: Pick<RecordContext, 'portal' | 'objectType'>) =>
  record.properties[context.portal.zipProperty[context.objectType]] ?? '';

const isEmpty = (value: string | null | undefined) => (value ?? '').trim() === '';

/**
 * A backfill's scope is what ZipFill can change: "only records whose mapped fields are empty"
 * takes a record whose ZIP resolves only when at least one of its empty mapped fields gets a value
 * from that ZIP (a Canadian record's empty City never does). A record whose ZIP does not resolve
 * stays in scope and fails with its reason, so a bad ZIP is shown, not hidden.
 */
export const inEmptyScope = (writes: readonly PlannedWrite[], record: FoundRecord): boolean =>
  writes.some((w) => isEmpty(record.properties[w.property]));

/**
 * A fix job takes a record when the health check puts it in the job's class
 * (domain/address-health/classify.ts), judged on the values the search read, as the check does.
 */
export const inHealthClass = (
  record: FoundRecord,
  context: Pick<RecordContext, 'portal' | 'objectType' | 'resolve'> & { healthClass: FixableClass },
): boolean =>
  classifyAddress(addressOfRecord(record.properties, context.portal, context.objectType), context.resolve) ===
  context.healthClass;

/**
 * A record is planned exactly as a live lookup of its ZIP (domain/lookups/plan.ts: same failures,
 * same values), and its write modes are decided against the values the search read: a record
 * none of whose values would be written has nothing to update, decided before anything is
 * charged, unless an earlier run already charged it. In scope "empty", a record whose empty
 * fields its ZIP cannot fill is out of scope (inEmptyScope). A fix job plans only the records of
 * its class (inHealthClass), writing only the fields the class concerns, always overwritten
 * (fixWrites); a record an earlier run already charged stays in it, as its write may have landed
 * and put it out of the class.
 */
export function planRecord(record: FoundRecord, context: RecordContext): RecordPlan {
  const { portal, objectType, healthClass } = context;
  if (healthClass && !context.resumed && !inHealthClass(record, { ...context, healthClass }))
    return { kind: 'out_of_scope' };
  const plan = planLookup(
    {
      lookupId: backfillLookupId(context.jobId, record.id),
      portalId: context.portalId,
      objectType,
      objectId: record.id,
      propertyName: portal.zipProperty[objectType],
      zip: zipOf(record, context),
      occurredAt: 0,
      seq: 0n,
    },
    portal,
    true,
    context.resolve,
  );
  // A job runs on a connected portal and reads only its ZIP property: nothing is ignored.
  if (plan.kind === 'ignore') return { kind: 'fail', reason: 'portal_not_configured', detail: plan.detail };
  if (plan.kind === 'fail') return { kind: 'fail', reason: plan.reason, detail: plan.detail };
  const writes = healthClass ? fixWrites(plan.writes, healthClass) : plan.writes;
  if (context.scope === 'empty' && !context.resumed && !inEmptyScope(writes, record))
    return { kind: 'out_of_scope' };
  const decision = decideWrites(
    writes,
    { current: record.properties, lastWritten: context.lastWritten },
    plan.acceptedCities,
  );
  // A record already paid for goes on to its write, which tells its own landed write from a fill.
  if (Object.keys(decision.properties).length === 0 && !context.resumed)
    return { kind: 'fail', reason: NOTHING_TO_UPDATE, detail: describeSkipped(decision.skipped) };
  return {
    kind: 'charge',
    writes,
    properties: decision.properties,
    acceptedCities: plan.acceptedCities,
  };
}

/**
 * What a dry run reports, before the balance is known. Its parts add up exactly: records in
 * scope = would fill (the credits needed, one each) + nothing to update + would fail (by reason).
 */
export interface DryRunTally {
  recordsInScope: number;
  /** Records whose values would be written: one credit each. */
  creditsNeeded: number;
  /** Records that already hold what their ZIP gives, or a person's values: free, not failures. */
  nothingToUpdate: number;
  /** Records that would fail, by reason (failures only). */
  failures: Partial<Record<LookupFailureReason, number>>;
  /** Records the search read that are out of scope ("empty", or not of a fix job's class); not in the scope. */
  outOfScope: number;
}

export const emptyTally = (): DryRunTally => ({
  recordsInScope: 0,
  creditsNeeded: 0,
  nothingToUpdate: 0,
  failures: {},
  outOfScope: 0,
});

/** Counts one record's plan into the dry run's tally. */
export function tallyRecord(tally: DryRunTally, plan: RecordPlan): DryRunTally {
  if (plan.kind === 'out_of_scope') return { ...tally, outOfScope: tally.outOfScope + 1 };
  const inScope = { ...tally, recordsInScope: tally.recordsInScope + 1 };
  if (plan.kind === 'charge') return { ...inScope, creditsNeeded: tally.creditsNeeded + 1 };
  if (isNothingToUpdate(plan.reason)) return { ...inScope, nothingToUpdate: tally.nothingToUpdate + 1 };
  return {
    ...inScope,
    failures: { ...tally.failures, [plan.reason]: (tally.failures[plan.reason] ?? 0) + 1 },
  };
}

/** How many of the records expected to succeed a balance pays for. */
export const recordsCovered = (creditsNeeded: number, balance: number) =>
  Math.max(0, Math.min(creditsNeeded, balance));
