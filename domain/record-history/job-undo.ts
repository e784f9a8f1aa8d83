import { apportion } from '../backfill/estimate';
import { sameValue } from '../lookups/write-modes';
import type { KeptField, UndoSkipReason } from './events';
import type { RecordHistoryEvent } from './history';
import { decideUndo } from './undo';

/** What undoing a job does to one record it changed. */
export type JobUndoPlan =
  | { kind: 'restore'; lookupId: string; restore: Record<string, string>; kept: KeptField[] }
  /** This undo job restored it already (a page taken up again after a crash): counted, not redone. */
  | { kind: 'restored_already'; lookupId: string }
  | { kind: 'skip'; lookupId: string; reason: UndoSkipReason };

/** The job's change to the record, and what came after it in the record's history. */
function changeAndAfter(events: readonly RecordHistoryEvent[], lookupId: string) {
  const at = events.findIndex((e) => e.type === 'LookupSucceeded' && e.data.lookupId === lookupId);
  return at < 0 ? undefined : { change: events[at]!, after: events.slice(at + 1) };
}

/**
 * The rule of undoing a job, record by record: the job's change is undone only while it is still
 * ZipFill's last change to the record and not undone yet, field by field as one record's undo is
 * (domain/record-history/undo.ts: a field a person changed since is kept). A field that already
 * holds its earlier value counts as restored: that is what a page taken up again after a crash
 * finds where the write went out and its record did not, and writing it again changes nothing.
 * A record with no field to restore is skipped, with why.
 */
export function planJobUndo(
  events: readonly RecordHistoryEvent[],
  lookupId: string,
  current: Readonly<Record<string, string | null | undefined>> | undefined,
  undoJobId: string,
): JobUndoPlan {
  const skip = (reason: UndoSkipReason): JobUndoPlan => ({ kind: 'skip', lookupId, reason });
  const found = changeAndAfter(events, lookupId);
  if (!found || found.change.type !== 'LookupSucceeded') return skip('before_unknown');
  const undo = found.after.find((e) => e.type === 'RecordChangeUndone' && e.data.lookupId === lookupId);
  if (undo?.type === 'RecordChangeUndone')
    return undo.data.undoJobId === undoJobId
      ? { kind: 'restored_already', lookupId }
      : skip('already_undone');
  if (found.after.some((e) => e.type === 'LookupSucceeded')) return skip('changed_since');
  if (!current) return skip('record_deleted');
  const decision = decideUndo(events, current);
  if (decision.kind !== 'undo')
    return skip(decision.kind === 'already_undone' ? 'already_undone' : 'before_unknown');
  const before = found.change.data.before ?? {};
  const restore = { ...decision.restore };
  const kept: KeptField[] = [];
  for (const field of decision.kept) {
    const earlier = before[field.property];
    if (
      field.reason === 'changed_since' &&
      earlier !== undefined &&
      sameValue(current[field.property], earlier)
    )
      restore[field.property] = earlier;
    else kept.push(field);
  }
  if (Object.keys(restore).length > 0) return { kind: 'restore', lookupId, restore, kept };
  return skip(kept.every((k) => k.reason === 'before_unknown') ? 'before_unknown' : 'changed_since');
}

/** The properties undoing a job reads from each record: those the job's change wrote. */
export function propertiesWrittenBy(events: readonly RecordHistoryEvent[], lookupId: string): string[] {
  const found = changeAndAfter(events, lookupId);
  return found?.change.type === 'LookupSucceeded' ? Object.keys(found.change.data.filled) : [];
}

/** Undo rules refused to start undoing a job; the words say why and what to do. */
export function undoRefusal(job: {
  state: string;
  undoOf: string | null;
  succeeded: number;
}): string | undefined {
  if (job.undoOf !== null)
    return 'This job is an undo: it cannot itself be undone. Each record it restored can be undone on its own from its history.';
  if (job.state !== 'completed' && job.state !== 'cancelled')
    return 'Only a finished job can be undone: let it complete, or cancel it, first.';
  if (job.succeeded === 0) return 'This job changed no record: there is nothing to undo.';
  return undefined;
}

/**
 * What undoing a job would do (its dry run): of the records the job changed, how many would get
 * their earlier values back and how many are left as they are, by why; exact, or estimated from
 * the first `examined` records (those with the lowest ids), the parts adding up to recordsChanged.
 */
export interface UndoFigures {
  recordsChanged: number;
  wouldRestore: number;
  skipped: Partial<Record<UndoSkipReason, number>>;
  estimate?: { examined: number };
}

export const emptyUndoTally = (): UndoFigures => ({ recordsChanged: 0, wouldRestore: 0, skipped: {} });

/** The tally with one more record planned. */
export function tallyUndo(tally: UndoFigures, plan: JobUndoPlan): UndoFigures {
  const counted = { ...tally, recordsChanged: tally.recordsChanged + 1 };
  if (plan.kind !== 'skip') return { ...counted, wouldRestore: tally.wouldRestore + 1 };
  return { ...counted, skipped: { ...tally.skipped, [plan.reason]: (tally.skipped[plan.reason] ?? 0) + 1 } };
}

/** The dry run's figures for a job that changed `recordsChanged` records, from the tally of those read. */
export function undoFigures(sample: UndoFigures, recordsChanged: number): UndoFigures {
  if (recordsChanged <= sample.recordsChanged || sample.recordsChanged === 0) return sample;
  const reasons = Object.entries(sample.skipped) as [UndoSkipReason, number][];
  const [wouldRestore = 0, ...skipped] = apportion(
    [sample.wouldRestore, ...reasons.map(([, n]) => n)],
    sample.recordsChanged,
    recordsChanged,
  );
  return {
    recordsChanged,
    wouldRestore,
    skipped: Object.fromEntries(reasons.map(([reason], i) => [reason, skipped[i]!])),
    estimate: { examined: sample.recordsChanged },
  };
}
