import type { EventStore, RecordedEvent } from '../domain/eventstore/types';
import { readCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import type { ReadModelDb } from './schema';

/** Events read at once from the part of the log a read model has not applied yet. */
const TAIL_PAGE = 1_000;

/** Where a read model consistent with the log is read: its tables, and the log it is built from. */
export interface ReadModelAndLog {
  readModels: ReadModelDb;
  store: EventStore;
}

/**
 * What `pick` takes from the events the log holds past a projection's checkpoint, in log order: laid
 * over the read model's rows, they make a read consistent with the log, not only with the read
 * model (which lags it by a batch or more). The checkpoint is read first, so rows a batch commits
 * meanwhile are also in this part of the log.
 */
export async function pastCheckpoint<T>(
  source: ReadModelAndLog,
  projection: Pick<Projection, 'name' | 'eventTypes'>,
  pick: (event: RecordedEvent) => T | undefined,
): Promise<T[]> {
  let after = await readCheckpoint(source.readModels, projection.name);
  // Every event recorded before this call can be read from the log (PostgreSQL's horizon).
  await source.store.awaitVisible();
  const picked: T[] = [];
  for (;;) {
    // Only the projection's own events: the others would cost their reading and decoding alone.
    const { events, next, atEnd } = await source.store.readAll({
      after,
      limit: TAIL_PAGE,
      types: projection.eventTypes,
    });
    for (const event of events) {
      const value = pick(event);
      if (value !== undefined) picked.push(value);
    }
    if (atEnd || next === after) return picked;
    after = next;
  }
}
