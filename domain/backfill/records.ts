import { NOTHING_TO_UPDATE, type LookupFailureReason } from '../lookups/events';
import { planLookup, type LookupPortal, type ResolveLocation } from '../lookups/plan';
import { parsePostalCode } from '../lookups/postal-code';
import { decideWrites, describeSkipped, type PlannedWrite } from '../lookups/write-modes';
import type { CrmObjectTypeName } from '../lookups/webhook-event';
import { backfillLookupId } from './events';

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
}

/** The ZIP a record holds, as the job reads it. */
export const zipOf = (record: FoundRecord, context: Pick<RecordContext, 'portal' | 'objectType'>) =>
  record.properties[context.portal.zipProperty[context.objectType]] ?? '';

/**
 * A record is planned exactly as a live lookup of its ZIP (domain/lookups/plan.ts: same failures,
 * same values), and its write modes are decided against the values the search read: a record
 * none of whose values would be written fails as already_filled before anything is charged,
 * unless an earlier run already charged it.
 */
export function planRecord(record: FoundRecord, context: RecordContext): RecordPlan {
  const { portal, objectType } = context;
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
  const decision = decideWrites(
    plan.writes,
    { current: record.properties, lastWritten: context.lastWritten },
    plan.acceptedCities,
  );
  // A record already paid for goes on to its write, which tells its own landed write from a fill.
  if (Object.keys(decision.properties).length === 0 && !context.resumed)
    return { kind: 'fail', reason: NOTHING_TO_UPDATE, detail: describeSkipped(decision.skipped) };
  return {
    kind: 'charge',
    writes: plan.writes,
    properties: decision.properties,
    acceptedCities: plan.acceptedCities,
  };
}

/** What a dry run reports, before the balance is known. */
export interface DryRunTally {
  recordsInScope: number;
  /** Records whose ZIP or postal code the table resolves. */
  resolvable: number;
  failures: Partial<Record<LookupFailureReason, number>>;
  /** One credit per record expected to succeed. */
  creditsNeeded: number;
}

export const emptyTally = (): DryRunTally => ({
  recordsInScope: 0,
  resolvable: 0,
  failures: {},
  creditsNeeded: 0,
});

/** Counts one record's plan into the dry run's tally. */
export function tallyRecord(
  tally: DryRunTally,
  record: FoundRecord,
  plan: RecordPlan,
  context: Pick<RecordContext, 'portal' | 'objectType' | 'resolve'>,
): DryRunTally {
  const code = parsePostalCode(zipOf(record, context));
  const resolves = code.kind !== 'invalid' && context.resolve(code) !== undefined;
  return {
    recordsInScope: tally.recordsInScope + 1,
    resolvable: tally.resolvable + (resolves ? 1 : 0),
    failures:
      plan.kind === 'fail'
        ? { ...tally.failures, [plan.reason]: (tally.failures[plan.reason] ?? 0) + 1 }
        : tally.failures,
    creditsNeeded: tally.creditsNeeded + (plan.kind === 'charge' ? 1 : 0),
  };
}

/** How many of the records expected to succeed a balance pays for. */
export const recordsCovered = (creditsNeeded: number, balance: number) =>
  Math.max(0, Math.min(creditsNeeded, balance));
