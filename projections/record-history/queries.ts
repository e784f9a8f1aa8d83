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
        ...(row.undo_job_id ? { undoJobId: row.undo_job_id } : {}),
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

/** The event as a history event of one of these records (its id), or undefined. */
function ofRecords(
  event: RecordedEvent,
  portalId: string,
  objectType: CrmObjectTypeName,
  objectIds: ReadonlySet<string>,
): { objectId: string; event: RecordHistoryEvent } | undefined {
  if (event.type !== 'LookupSucceeded' && event.type !== 'RecordChangeUndone') return undefined;
  const d = event.data as Partial<Record<'portalId' | 'objectType' | 'objectId', unknown>>;
  if (d.portalId !== portalId || d.objectType !== objectType || typeof d.objectId !== 'string')
    return undefined;
  if (!objectIds.has(d.objectId)) return undefined;
  // The log holds the data as the domain wrote it for these types (projections read it the same way).
  return { objectId: d.objectId, event: { type: event.type, data: event.data } as RecordHistoryEvent };
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
  const histories = await recordHistories(source, record.portalId, record.objectType, [record.objectId]);
  return histories.get(record.objectId) ?? [];
}

/**
 * The histories of several records of one portal and object type at once (a page of a job's
 * records), each as recordHistoryEvents reads one: one query, one read of the log's tail.
 */
export async function recordHistories(
  source: RecordHistorySource,
  portalId: string,
  objectType: CrmObjectTypeName,
  objectIds: readonly string[],
): Promise<Map<string, RecordHistoryEvent[]>> {
  const wanted = new Set(objectIds);
  const histories = new Map<string, RecordHistoryEvent[]>(objectIds.map((id) => [id, []]));
  if (wanted.size === 0) return histories;
  const tail = await pastCheckpoint(source, recordHistoryProjection, (e) =>
    ofRecords(e, portalId, objectType, wanted),
  );
  const rows = await source.readModels
    .selectFrom('record_history')
    .selectAll()
    .where('portal_id', '=', portalId)
    .where('object_type', '=', objectType)
    .where('object_id', 'in', [...wanted])
    .orderBy('at')
    .orderBy('kind')
    .execute();
  for (const row of rows) histories.get(row.object_id)!.push(eventOfRow(row));
  const seen = new Set(rows.map((row) => `${row.object_id}/${row.entry_id}`));
  for (const { objectId, event } of tail)
    if (!seen.has(`${objectId}/${entryIdOf(event)}`)) histories.get(objectId)!.push(event);
  return histories;
}
