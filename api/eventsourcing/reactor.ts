import type { EventStore, RecordedEvent } from '../../domain/eventstore/types';
import { advanceCheckpoint, readCheckpoint } from '../../projections/checkpoints';
import type { ReadModelDb } from '../../projections/schema';
import { SingletonWorker, type Locks } from '../../projections/worker';
import type { Logger } from '../logging/logger';

/** What a reactor does with each event type: side effects, each of them safe to repeat. */
export interface Reaction {
  readonly name: string;
  readonly handlers: Readonly<Record<string, (event: RecordedEvent) => Promise<void>>>;
  /**
   * When present, the reactor hands it each batch's events of the handled types at once instead
   * of calling the handlers one by one, so a reaction can fold a busy batch into fewer effects.
   */
  readonly handleBatch?: (events: readonly RecordedEvent[]) => Promise<void>;
}

export interface ReactorOptions {
  store: EventStore;
  readModels: ReadModelDb;
  locks: Locks;
  reaction: Reaction;
  logger: Logger;
  batchSize?: number;
  pollMs?: number;
}

/** What every reactor stands on: the log it follows, where its checkpoint lives, its lock and its logger. */
export type ReactorInfrastructure = Pick<ReactorOptions, 'store' | 'readModels' | 'locks' | 'logger'>;

/** A reactor on the composition root's infrastructure (whatever else `on` carries is not passed on). */
export function reactorOn(on: ReactorInfrastructure, reaction: Reaction): Reactor {
  const { store, readModels, locks, logger } = on;
  return new Reactor({ store, readModels, locks, logger, reaction });
}

/**
 * Follows the log and reacts to events outside any read-model transaction (it appends events
 * and queues mail). It moves its checkpoint after the reactions of a batch, so a crash repeats
 * some reactions: each must be idempotent (deterministic command ids, keyed outbox rows).
 */
export class Reactor {
  private readonly worker: SingletonWorker;
  private readonly checkpointName: string;

  constructor(private readonly options: ReactorOptions) {
    this.checkpointName = `reactor:${options.reaction.name}`;
    this.worker = new SingletonWorker({
      lock: this.checkpointName,
      locks: options.locks,
      label: `Reactor ${options.reaction.name}`,
      log: (level, message, fields) => options.logger[level](message, fields),
      wakeOn: (wake) => options.store.onAppended(wake),
      step: async (signal) => ((await this.step(signal)) ? 0 : (options.pollMs ?? 250)),
      pending: async () => {
        const checkpoint = await readCheckpoint(options.readModels, this.checkpointName);
        const { events } = await options.store.readAll({ after: checkpoint, limit: 1 });
        return events.length > 0;
      },
    });
  }

  start(): void {
    this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
  }

  /** Resolves once everything committed before the call has been reacted to (for tests and scripts). */
  async settled(timeoutMs = 30_000): Promise<void> {
    await this.options.store.awaitVisible(timeoutMs);
    await this.worker.settled(timeoutMs);
  }

  /** Reacts to one batch; false when there was nothing to react to. */
  private async step(signal: AbortSignal): Promise<boolean> {
    const from = await readCheckpoint(this.options.readModels, this.checkpointName);
    const { events, next } = await this.options.store.readAll({
      after: from,
      limit: this.options.batchSize ?? 200,
    });
    // Events the store could not read are stepped over (the projections count them): a page of
    // nothing else still moves the checkpoint.
    if (events.length === 0 && next === from) return false;
    const { handlers, handleBatch } = this.options.reaction;
    if (handleBatch) {
      const handled = events.filter((e) => handlers[e.type]);
      if (handled.length > 0) await handleBatch(handled);
    } else
      for (const event of events) {
        if (signal.aborted) return false;
        await handlers[event.type]?.(event);
      }
    await this.options.readModels.transaction().execute(async (trx) => {
      if (!(await advanceCheckpoint(trx, this.checkpointName, from, next)))
        throw new Error(`The checkpoint of ${this.checkpointName} was moved by another writer`);
    });
    return true;
  }
}
