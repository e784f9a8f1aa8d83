import type { EventStore } from '../../domain/eventstore/types';
import type { CrmObjectTypeName } from '../../domain/lookups/webhook-event';
import { readCheckpoint } from '../checkpoints';
import type { ReadModelDb } from '../schema';

/** The projection that keeps what ZipFill last wrote (projections/writes/projection.ts). */
const WRITTEN_VALUES = 'written_values';

/** Events read at once from the part of the log the read model has not applied yet. */
const TAIL_PAGE = 1_000;

/** Where what ZipFill wrote is read: the read model, and the log it is built from. */
export interface WrittenValuesSource {
  readModels: ReadModelDb;
  store: EventStore;
}

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
      .select(['object_id', 'property', 'value'])
      .where('portal_id', '=', portalId)
      .where('object_type', '=', objectType)
      .where('object_id', 'in', ids.slice(i, i + 1_000))
      .execute();
    for (const row of rows)
      found.set(row.object_id, { ...found.get(row.object_id), [row.property]: row.value });
  }
}

/**
 * What ZipFill last wrote to these records, by record id and property; records it never wrote
 * are absent. Consistent with the log, not only with the read model: the successes recorded
 * after the read model's checkpoint (it lags the log by a batch or more) are read from the log
 * and laid over it, in order. So a second ZIP change looked up right after the first sees the
 * first one's values as ZipFill's, not as a person's. The checkpoint is read before the rows: rows
 * a batch committed in between are also in the part of the log laid over them, which ends as
 * the last write left each value.
 */
export async function lastWrittenValues(
  source: WrittenValuesSource,
  portalId: string,
  objectType: CrmObjectTypeName,
  objectIds: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  const found = new Map<string, Record<string, string>>();
  const ids = [...new Set(objectIds)];
  if (ids.length === 0) return found;
  let after = await readCheckpoint(source.readModels, WRITTEN_VALUES);
  await fromReadModel(source.readModels, portalId, objectType, ids, found);
  // Every success recorded before this call can be read from the log (PostgreSQL's horizon).
  await source.store.awaitVisible();
  const wanted = new Set(ids);
  for (;;) {
    const { events, next } = await source.store.readAll({ after, limit: TAIL_PAGE });
    for (const event of events) {
      if (event.type !== 'LookupSucceeded') continue;
      const d = event.data as {
        portalId?: unknown;
        objectType?: unknown;
        objectId?: unknown;
        filled?: unknown;
      };
      if (d.portalId !== portalId || d.objectType !== objectType || typeof d.objectId !== 'string') continue;
      if (!wanted.has(d.objectId) || typeof d.filled !== 'object' || d.filled === null) continue;
      found.set(d.objectId, { ...found.get(d.objectId), ...(d.filled as Record<string, string>) });
    }
    if (events.length < TAIL_PAGE || next === after) return found;
    after = next;
  }
}
