import type { Checkpoint, EventStore } from '../../domain/eventstore/types';

/** Lag beyond this is reported as "1000+": counting further would mean reading the whole log. */
export const BEHIND_CAP = 1000;

/** Events in the log after `checkpoint`, counted up to the cap; undefined while the store is down. */
export async function eventsBehind(store: EventStore, checkpoint: Checkpoint): Promise<number | undefined> {
  try {
    const { events } = await store.readAll({ after: checkpoint, limit: BEHIND_CAP + 1 });
    return Math.min(events.length, BEHIND_CAP + 1);
  } catch {
    return undefined;
  }
}
