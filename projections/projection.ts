import type { Transaction } from 'kysely';
import type { RecordedEvent } from '../domain/eventstore/types';
import type { ReadModels } from './schema';

export type ReadModelTransaction = Transaction<ReadModels>;

export type ProjectionHandler = (trx: ReadModelTransaction, event: RecordedEvent) => Promise<void>;

/**
 * A read model's builder: what it does with each event type. It is fed by the runner, which
 * writes its checkpoint in the same transaction as its changes.
 */
export interface Projection {
  readonly name: string;
  /** The tables it alone writes; a replay empties them before reading the log again. */
  readonly tables: readonly (keyof ReadModels & string)[];
  readonly handlers: Readonly<Record<string, ProjectionHandler>>;
  /**
   * When present, the runner hands it each batch's events of the handled types at once instead
   * of calling the handlers one by one, so a busy read model can write a batch in a few statements.
   */
  readonly applyBatch?: (trx: ReadModelTransaction, events: readonly RecordedEvent[]) => Promise<void>;
}
