import type { EventStore, RecordedEvent } from '../../domain/eventstore/types';
import { advanceCheckpoint, readCheckpoint } from '../../projections/checkpoints';
import type { ProjectionLock } from '../../projections/runner';
import type { ReadModelDb } from '../../projections/schema';
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
  locks: ProjectionLock;
  reaction: Reaction;
  logger: Logger;
  batchSize?: number;
  pollMs?: number;
}

/**
 * Follows the log and reacts to events outside any read-model transaction (it appends events
 * and queues mail). It moves its checkpoint after the reactions of a batch, so a crash repeats
 * some reactions: each must be idempotent (deterministic command ids, keyed outbox rows).
 */
export class Reactor {
  private readonly abort = new AbortController();
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private unsubscribe: (() => void) | undefined;
  private readonly checkpointName: string;

  constructor(private readonly options: ReactorOptions) {
    this.checkpointName = `reactor:${options.reaction.name}`;
  }

  start(): void {
    this.unsubscribe = this.options.store.onAppended(() => this.wake?.());
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.unsubscribe?.();
    this.wake?.();
    await this.loop;
  }

  /** Resolves once everything committed before the call has been reacted to (for tests and scripts). */
  async settled(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await this.options.store.awaitVisible(timeoutMs);
    for (;;) {
      const checkpoint = await readCheckpoint(this.options.readModels, this.checkpointName);
      const { events } = await this.options.store.readAll({ after: checkpoint, limit: 1 });
      if (events.length === 0) return;
      if (Date.now() > deadline)
        throw new Error(`Reactor ${this.options.reaction.name} did not catch up in time`);
      this.wake?.();
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    let release: (() => Promise<void>) | undefined;
    let failures = 0;
    while (!signal.aborted) {
      try {
        release ??= await this.options.locks.tryLock(this.checkpointName);
        const busy = release ? await this.step() : false;
        failures = 0;
        if (!busy) await this.idle(release ? (this.options.pollMs ?? 250) : 5_000);
      } catch (error) {
        failures++;
        this.options.logger.warn(`Reactor ${this.options.reaction.name} failed; retrying`, {
          error: error instanceof Error ? error.message : String(error),
          attempt: failures,
        });
        await this.idle(Math.min(5_000, 100 * 2 ** Math.min(failures, 6)));
      }
    }
    await release?.().catch(() => undefined);
  }

  private async step(): Promise<boolean> {
    const from = await readCheckpoint(this.options.readModels, this.checkpointName);
    const { events, next } = await this.options.store.readAll({
      after: from,
      limit: this.options.batchSize ?? 200,
    });
    if (events.length === 0) return false;
    const { handlers, handleBatch } = this.options.reaction;
    if (handleBatch) {
      const handled = events.filter((e) => handlers[e.type]);
      if (handled.length > 0) await handleBatch(handled);
    } else
      for (const event of events) {
        if (this.abort.signal.aborted) return false;
        await handlers[event.type]?.(event);
      }
    await this.options.readModels.transaction().execute(async (trx) => {
      if (!(await advanceCheckpoint(trx, this.checkpointName, from, next)))
        throw new Error(`The checkpoint of ${this.checkpointName} was moved by another writer`);
    });
    return true;
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
      if (this.abort.signal.aborted) done();
    });
  }
}
