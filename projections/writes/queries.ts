import type { RecordedEvent } from '../../domain/eventstore/types';
import type { CrmObjectTypeName } from '../../domain/lookups/webhook-event';
import { pastCheckpoint, type ReadModelAndLog } from '../log-tail';
import { writtenValuesProjection } from './projection';
import type { ReadModelDb } from '../schema';

/** Where what ZipFill wrote is read: the read model, and the log it is built from. */
export type WrittenValuesSource = ReadModelAndLog;

async function fromReadModel(
  db: ReadModelDb,
  portalId: string,
  objectType: CrmObjectTypeName,
  ids: readonly string[],
  found: Map<string, Record<string, string>>,
): Promise<void> {
  for (let i = 0; i < ids.length; i += 1_000) {
    const rows = await db
      .selectFrom('written_values')
      .select(['object_id', 'filled'])
      .where('portal_id', '=', portalId)
      .where('object_type', '=', objectType)
      .where('object_id', 'in', ids.slice(i, i + 1_000))
      .execute();
    for (const row of rows) found.set(row.object_id, { ...row.filled });
  }
}

/** A success ZipFill recorded: the values it wrote to one record. */
interface Written {
  portalId: string;
  objectType: string;
  objectId: string;
  filled: Record<string, string>;
}

function writtenBy(event: RecordedEvent): Written | undefined {
  if (event.type !== 'LookupSucceeded') return undefined;
  const d = event.data as Partial<Written>;
  if (typeof d.portalId !== 'string' || typeof d.objectType !== 'string' || typeof d.objectId !== 'string')
    return undefined;
  if (typeof d.filled !== 'object' || d.filled === null) return undefined;
  return d as Written;
}

/**
 * What ZipFill last wrote to records, by record id and property; records it never wrote are
 * absent. Consistent with the log, not only with the read model: the successes recorded after the
 * read model's checkpoint (it lags the log by a batch or more) are read from the log and laid over
 * it, in order. So a second ZIP change looked up right after the first sees the first one's values
 * as ZipFill's, not as a person's. The checkpoint is read before the rows: rows a batch committed in
 * between are also in the part of the log laid over them, which ends as the last write left each
 * value. One reader reads that part of the log once, however many portals and object types it is
 * asked about (a wave's groups).
 */
export function writtenValuesReader(
  source: WrittenValuesSource,
): (
  portalId: string,
  objectType: CrmObjectTypeName,
  objectIds: readonly string[],
) => Promise<Map<string, Record<string, string>>> {
  let tail: Promise<Written[]> | undefined;
  return async (portalId, objectType, objectIds) => {
    const found = new Map<string, Record<string, string>>();
    const ids = [...new Set(objectIds)];
    if (ids.length === 0) return found;
    const successes = await (tail ??= pastCheckpoint(source, writtenValuesProjection, writtenBy));
    await fromReadModel(source.readModels, portalId, objectType, ids, found);
    const wanted = new Set(ids);
    for (const d of successes)
      if (d.portalId === portalId && d.objectType === objectType && wanted.has(d.objectId))
        found.set(d.objectId, { ...found.get(d.objectId), ...d.filled });
    return found;
  };
}

/** What ZipFill last wrote to these records (writtenValuesReader, read once). */
export function lastWrittenValues(
  source: WrittenValuesSource,
  portalId: string,
  objectType: CrmObjectTypeName,
  objectIds: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  return writtenValuesReader(source)(portalId, objectType, objectIds);
}
