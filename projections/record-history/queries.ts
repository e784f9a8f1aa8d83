import type { RecordedEvent } from '../../domain/eventstore/types';
import type { KeptField } from '../../domain/record-history/events';
import type { RecordHistoryEvent } from '../../domain/record-history/history';
import type { LookupSource } from '../../domain/lookups/events';
import type { CrmObjectTypeName } from '../../domain/lookups/webhook-event';
import { pastCheckpoint, type ReadModelAndLog } from '../log-tail';
import { recordHistoryProjection } from './projection';
import type { RecordHistoryTable } from './tables';

/** One CRM record, as its history is keyed. */
export interface RecordKey {
  portalId: string;
  objectType: CrmObjectTypeName;
  objectId: string;
}

/** Where a record's history is read: the read model, and the log it is built from. */
export type RecordHistorySource = ReadModelAndLog;

const json = <T>(text: string | null): T | undefined => (text === null ? undefined : (JSON.parse(text) as T));

function eventOfRow(row: RecordHistoryTable): RecordHistoryEvent {
  if (row.kind === 'undo')
    return {
      type: 'RecordChangeUndone',
      data: {
        lookupId: row.lookup_id,
        restored: json<Record<string, string>>(row.restored) ?? {},
        kept: json<KeptField[]>(row.kept) ?? [],
        at: row.at,
      },
    };
  const before = json<Record<string, string>>(row.before_values);
  return {
    type: 'LookupSucceeded',
    data: {
      lookupId: row.lookup_id,
      ...(row.source ? { source: row.source as LookupSource } : {}),
      zip: row.zip,
      filled: json<Record<string, string>>(row.filled) ?? {},
      ...(before ? { before } : {}),
      at: row.at,
    },
  };
}

const entryIdOf = (event: RecordHistoryEvent) =>
  event.type === 'RecordChangeUndone' ? `undo:${event.data.lookupId}` : event.data.lookupId;

function ofRecord(event: RecordedEvent, record: RecordKey): RecordHistoryEvent | undefined {
  if (event.type !== 'LookupSucceeded' && event.type !== 'RecordChangeUndone') return undefined;
  const d = event.data as Partial<Record<'portalId' | 'objectType' | 'objectId', unknown>>;
  if (d.portalId !== record.portalId || d.objectType !== record.objectType || d.objectId !== record.objectId)
    return undefined;
  // The log holds the data as the domain wrote it for these types (projections read it the same way).
  return { type: event.type, data: event.data } as RecordHistoryEvent;
}

/**
 * A record's changes and undos, oldest first. Consistent with the log, not only with the read
 * model: what the log holds past the read model's checkpoint is laid after its rows (read after
 * the checkpoint, so a row a batch committed in between is not counted twice), so an undo right
 * after a lookup sees the lookup, and a second undo right after the first sees the first.
 */
export async function recordHistoryEvents(
  source: RecordHistorySource,
  record: RecordKey,
): Promise<RecordHistoryEvent[]> {
  const tail = await pastCheckpoint(source, recordHistoryProjection.name, (e) => ofRecord(e, record));
  const rows = await source.readModels
    .selectFrom('record_history')
    .selectAll()
    .where('portal_id', '=', record.portalId)
    .where('object_type', '=', record.objectType)
    .where('object_id', '=', record.objectId)
    .orderBy('at')
    .orderBy('kind')
    .execute();
  const events = rows.map(eventOfRow);
  const seen = new Set(events.map(entryIdOf));
  return [...events, ...tail.filter((e) => !seen.has(entryIdOf(e)))];
}
