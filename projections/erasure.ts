import type { LogEventType } from '../domain/events';
import type { RecordedEvent } from '../domain/eventstore/types';
import { batched, type Projection, type ReadModelTransaction, type Recorded } from './projection';

export type AccountDeletion = Recorded<'AccountDeleted'>;

/**
 * A batched projection that also forgets what a deleted account's keys protected. When it reads
 * `AccountDeleted` it drops or blanks exactly what those fields would have given had they read as
 * their placeholders from the start, so the live read model and a replay after the erasure agree.
 * A batch is applied in order around each deletion: what came before is written, then erased.
 */
export function erasing<T extends LogEventType>(spec: {
  name: string;
  tables: Projection['tables'];
  eventTypes: readonly T[];
  applyBatch(trx: ReadModelTransaction, events: readonly Recorded<T>[]): Promise<void>;
  erase(trx: ReadModelTransaction, deletion: AccountDeletion): Promise<void>;
}): Projection {
  const inner = batched(spec);
  return {
    name: spec.name,
    tables: spec.tables,
    eventTypes: [...spec.eventTypes, 'AccountDeleted'],
    async apply(trx, events) {
      let run: RecordedEvent[] = [];
      for (const event of events) {
        if (event.type !== 'AccountDeleted') {
          run.push(event);
          continue;
        }
        if (run.length > 0) await inner.apply(trx, run);
        run = [];
        await spec.erase(trx, event as AccountDeletion);
      }
      if (run.length > 0) await inner.apply(trx, run);
    },
  };
}
