import { backfillRecordOf } from '../backfill/events';
import { CREDITS_PER_LOOKUP } from '../credits/constants';
import { assertNever } from '../decider';
import { lookupSourceOf, type LookupOutcomeEvent } from '../lookups/events';
import type { KeptField, RecordChangeUndoneData } from './events';

type LookupSucceededData = Extract<LookupOutcomeEvent, { type: 'LookupSucceeded' }>['data'];

/** What a record's history is folded from: its lookups that wrote it, and its undos, in log order. */
export type RecordHistoryEvent =
  | {
      type: 'LookupSucceeded';
      data: Pick<LookupSucceededData, 'lookupId' | 'source' | 'zip' | 'filled' | 'before' | 'at'>;
    }
  | {
      type: 'RecordChangeUndone';
      data: Pick<RecordChangeUndoneData, 'lookupId' | 'restored' | 'kept' | 'undoJobId' | 'at'>;
    };

/** Who asked for a change: a ZIP changed in HubSpot (live), a workflow action, or a backfill job. */
export type ChangeSource = { kind: 'live' } | { kind: 'workflow' } | { kind: 'backfill'; jobId: string };

/** One field of a change: what it held before (null when not known) and what it was given. */
export interface FieldChange {
  property: string;
  before: string | null;
  after: string;
}

export type HistoryEntry =
  | {
      kind: 'change';
      lookupId: string;
      at: string;
      source: ChangeSource;
      zip: string;
      fields: FieldChange[];
      credits: number;
      /** An undo has been made of this change (see the undo entry for what it restored). */
      undone: boolean;
    }
  | {
      kind: 'undo';
      /** The change it undid. */
      lookupId: string;
      at: string;
      /** Each field written back: from ZipFill's value (before) to the earlier one (after). */
      fields: FieldChange[];
      kept: KeptField[];
      /** An undo costs nothing and refunds nothing. */
      credits: 0;
    };

function sourceOf(data: Pick<LookupSucceededData, 'lookupId' | 'source'>): ChangeSource {
  const source = lookupSourceOf(data);
  switch (source) {
    case 'webhook':
      return { kind: 'live' };
    case 'workflow':
      return { kind: 'workflow' };
    case 'backfill':
      return { kind: 'backfill', jobId: backfillRecordOf(data.lookupId)?.jobId ?? '' };
    default:
      return assertNever(source);
  }
}

/**
 * A record's history, oldest first: each change ZipFill made (time, source, ZIP, each field's
 * value before and after, the credit it cost) and each undo (the fields it wrote back, those it
 * kept, free). A change recorded before changes kept their earlier values shows them as unknown.
 */
export function recordHistory(events: readonly RecordHistoryEvent[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  const changes = new Map<string, Extract<HistoryEntry, { kind: 'change' }>>();
  for (const event of events) {
    switch (event.type) {
      case 'LookupSucceeded': {
        const d = event.data;
        const change: HistoryEntry = {
          kind: 'change',
          lookupId: d.lookupId,
          at: d.at,
          source: sourceOf(d),
          zip: d.zip,
          fields: Object.entries(d.filled).map(([property, after]) => ({
            property,
            before: d.before?.[property] ?? null,
            after,
          })),
          credits: CREDITS_PER_LOOKUP,
          undone: false,
        };
        changes.set(d.lookupId, change);
        entries.push(change);
        break;
      }
      case 'RecordChangeUndone': {
        const d = event.data;
        const change = changes.get(d.lookupId);
        if (change) change.undone = true;
        entries.push({
          kind: 'undo',
          lookupId: d.lookupId,
          at: d.at,
          fields: Object.entries(d.restored).map(([property, after]) => ({
            property,
            before: change?.fields.find((f) => f.property === property)?.after ?? null,
            after,
          })),
          kept: d.kept,
          credits: 0,
        });
        break;
      }
      default:
        assertNever(event);
    }
  }
  return entries;
}
