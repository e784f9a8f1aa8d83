import { isZipFillsValue } from '../lookups/write-modes';
import type { KeptField } from './events';
import type { RecordHistoryEvent } from './history';

/**
 * What undoing a record's last change comes to: nothing recorded to undo; the last change undone
 * already (a second undo changes nothing, and never reaches an older change); a change recorded
 * before changes kept the values they replaced (not undoable); or the fields to write back and
 * those to keep.
 */
export type UndoDecision =
  | { kind: 'nothing_to_undo' }
  | { kind: 'already_undone'; lookupId: string }
  | { kind: 'before_unknown'; lookupId: string }
  | { kind: 'undo'; lookupId: string; restore: Record<string, string>; kept: KeptField[] };

/** The properties undoing a record's last change has to read from the CRM (none when nothing is undone). */
export function propertiesToRead(events: readonly RecordHistoryEvent[]): string[] {
  const last = lastChange(events);
  return last && !last.undone ? Object.keys(last.change.filled) : [];
}

function lastChange(events: readonly RecordHistoryEvent[]) {
  let last: Extract<RecordHistoryEvent, { type: 'LookupSucceeded' }>['data'] | undefined;
  const undone = new Set<string>();
  for (const event of events)
    if (event.type === 'LookupSucceeded') last = event.data;
    else undone.add(event.data.lookupId);
  return last && { change: last, undone: undone.has(last.lookupId) };
}

/**
 * The undo rule. Only ZipFill's last change to the record is undone, and only once. Each field it
 * wrote gets back exactly the value it held before (an empty one empties it) where the record
 * still holds what ZipFill wrote; a field that holds anything else (a person's edit, another
 * tool's value) is kept, and so is one whose earlier value is not known.
 */
export function decideUndo(
  events: readonly RecordHistoryEvent[],
  current: Readonly<Record<string, string | null | undefined>>,
): UndoDecision {
  const last = lastChange(events);
  if (!last) return { kind: 'nothing_to_undo' };
  const { change } = last;
  if (last.undone) return { kind: 'already_undone', lookupId: change.lookupId };
  if (!change.before) return { kind: 'before_unknown', lookupId: change.lookupId };
  const restore: Record<string, string> = {};
  const kept: KeptField[] = [];
  for (const [property, written] of Object.entries(change.filled)) {
    const before = change.before[property];
    if (before === undefined) kept.push({ property, reason: 'before_unknown' });
    else if (!isZipFillsValue(current[property], written)) kept.push({ property, reason: 'changed_since' });
    else restore[property] = before;
  }
  return { kind: 'undo', lookupId: change.lookupId, restore, kept };
}
