import type { Transaction } from 'kysely';
import type { LogEventOf, LogEventType } from '../domain/events';
import type { RecordedEvent } from '../domain/eventstore/types';
import type { ReadModels } from './schema';

export type ReadModelTransaction = Transaction<ReadModels>;

/** An event of one of the types T as the store hands it back: its data typed by its type. */
export type Recorded<T extends LogEventType> = T extends LogEventType
  ? RecordedEvent<T, LogEventOf<T>['data']>
  : never;

/**
 * A read model's builder, as the runner feeds it: the event types it reads, and what it does with
 * a batch of them. The runner writes its checkpoint in the same transaction as its changes.
 */
export interface Projection {
  readonly name: string;
  /** The tables it alone writes; a replay empties them before reading the log again. */
  readonly tables: readonly (keyof ReadModels & string)[];
  /** The event types it reads: the runner hands it these and no other. */
  readonly eventTypes: readonly string[];
  /** Applies a batch of its events (never empty), in log order. */
  apply(trx: ReadModelTransaction, events: readonly RecordedEvent[]): Promise<void>;
}

type Handlers = { [T in LogEventType]?: (trx: ReadModelTransaction, event: Recorded<T>) => Promise<void> };

// The one place an event read from the store is taken for its domain type: the runner hands a
// projection only the types it named, and the log holds an event's data as the domain wrote it.
const asRecorded = <T extends LogEventType>(events: readonly RecordedEvent[]) =>
  events as readonly Recorded<T>[];

/** A projection that applies its events one by one; its handlers name the event types it reads. */
export function eachEvent(spec: {
  name: string;
  tables: Projection['tables'];
  handlers: Handlers;
}): Projection {
  const { handlers } = spec;
  return {
    name: spec.name,
    tables: spec.tables,
    eventTypes: Object.keys(handlers),
    async apply(trx, events) {
      for (const event of asRecorded<LogEventType>(events)) {
        const handler = handlers[event.type] as
          ((trx: ReadModelTransaction, event: Recorded<LogEventType>) => Promise<void>) | undefined;
        if (handler) await handler(trx, event);
      }
    },
  };
}

/** A projection that writes a whole batch in a few statements; it lists the event types it reads. */
export function batched<T extends LogEventType>(spec: {
  name: string;
  tables: Projection['tables'];
  eventTypes: readonly T[];
  applyBatch(trx: ReadModelTransaction, events: readonly Recorded<T>[]): Promise<void>;
}): Projection {
  return {
    name: spec.name,
    tables: spec.tables,
    eventTypes: spec.eventTypes,
    apply: (trx, events) => spec.applyBatch(trx, asRecorded<T>(events)),
  };
}
