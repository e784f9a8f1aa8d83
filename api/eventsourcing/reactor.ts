import type { Checkpoint, EventStore, RecordedEvent } from '../../domain/eventstore/types';
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
 * How long a reactor may keep in memory alone its place past events it does not react to. Most
 * events are not a given reactor's: writing its checkpoint for each batch of them cost three
 * statements a batch and a reactor (begin, update, commit), the most of any part of a lookup.
 */
const UNHANDLED_SPAN_MS = 1_000;

/**
 * Events of any type a read looks at (`ReadAllOptions.types`): most are not the reactor's and are
 * not sent, so a window this wide is still a small batch of reactions.
 */
const WINDOW = 1_000;

const spanPassed = (place: Place) => Date.now() - place.persistedAt >= UNHANDLED_SPAN_MS;

/**
 * Where a reactor stands in the log while it holds its lock: `persisted` as the checkpoint row
 * has it, `read` how far it has read. Between them lie only events it does not react to.
 */
interface Place {
  persisted: Checkpoint;
  read: Checkpoint;
  persistedAt: number;
}

/**
 * Follows the log and reacts to events outside any read-model transaction (it appends events
 * and queues mail). It moves its checkpoint after the reactions of a batch, so a crash repeats
 * some reactions: each must be idempotent (deterministic command ids, keyed outbox rows). Past a
 * batch with nothing to react to it moves on in memory and writes the checkpoint at most every
 * UNHANDLED_SPAN_MS: a crash meanwhile only reads those events again.
 */
export class Reactor {
  private readonly worker: SingletonWorker;
  private readonly checkpointName: string;
  /** The only events it reads: the store steps over the rest (most of the log) without sending them. */
  private readonly types: readonly string[];
  /** Known only while this process holds the lock; read from the checkpoint row again after. */
  private place: Place | undefined;

  constructor(private readonly options: ReactorOptions) {
    this.checkpointName = `reactor:${options.reaction.name}`;
    this.types = Object.keys(options.reaction.handlers);
    this.worker = new SingletonWorker({
      lock: this.checkpointName,
      locks: options.locks,
      label: `Reactor ${options.reaction.name}`,
      log: (level, message, fields) => options.logger[level](message, fields),
      // Woken by appends of its own events only: the others it steps over at its next poll.
      wakeOn: (wake) =>
        options.store.onAppended((types) => {
          if (types.some((type) => this.types.includes(type))) wake();
        }),
      prepare: async () => {
        this.place = undefined;
      },
      step: async (signal) => ((await this.step(signal)) ? 0 : (options.pollMs ?? 250)),
      pending: () => this.pending(),
    });
  }

  start(): void {
    this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
  }

  /**
   * Resolves once everything committed before the call has been reacted to, and what those
   * reactions appended too (a low-credit notice, then its e-mail): on PostgreSQL an event a
   * reaction appended can still be behind the catch-up horizon when the worker goes idle, so each
   * round waits for the log to be visible again (for tests and scripts).
   */
  async settled(timeoutMs = 30_000): Promise<void> {
    await this.options.store.awaitVisible(timeoutMs);
    do {
      await this.worker.settled(timeoutMs);
      await this.options.store.awaitVisible(timeoutMs);
    } while (await this.pending());
  }

  private async pending(): Promise<boolean> {
    // The lock holder's place in memory may be ahead of its row by events it does not react to.
    const held = this.worker.status().holding ? this.place?.read : undefined;
    const checkpoint = held ?? (await readCheckpoint(this.options.readModels, this.checkpointName));
    return this.reactsPast(checkpoint);
  }

  /** Whether the log holds an event it reacts to past `checkpoint`. */
  private async reactsPast(checkpoint: Checkpoint): Promise<boolean> {
    for (let after = checkpoint; ;) {
      const { events, next, atEnd } = await this.options.store.readAll({
        after,
        limit: WINDOW,
        types: this.types,
      });
      if (events.length > 0) return true;
      if (atEnd || next === after) return false;
      after = next;
    }
  }

  /**
   * Reacts to one batch; true when more may be read at once. A read that reached the end of the
   * log ends the round: its own events wake the reactor, and it polls for the rest. Reading again
   * at once found nothing, and was half of all reads of the reactors of rare events.
   */
  private async step(signal: AbortSignal): Promise<boolean> {
    const place = this.place ?? (await this.placeFromCheckpoint());
    const { events, next, atEnd } = await this.options.store.readAll({
      after: place.read,
      limit: this.options.batchSize ?? WINDOW,
      types: this.types,
    });
    // Events the store could not read are stepped over (the projections count them): a page of
    // nothing else still moves the checkpoint.
    if (events.length === 0 && next === place.read) {
      if (place.persisted !== place.read && spanPassed(place)) await this.persist(place, place.read);
      return false;
    }
    // The store sent only the events of its handlers' types.
    const { handlers, handleBatch } = this.options.reaction;
    if (handleBatch) {
      if (events.length > 0) await handleBatch(events);
    } else
      for (const event of events) {
        if (signal.aborted) return false;
        await handlers[event.type]!(event);
      }
    if (events.length > 0 || spanPassed(place)) await this.persist(place, next);
    else place.read = next;
    return !atEnd;
  }

  private async placeFromCheckpoint(): Promise<Place> {
    const persisted = await readCheckpoint(this.options.readModels, this.checkpointName);
    this.place = { persisted, read: persisted, persistedAt: Date.now() };
    return this.place;
  }

  /** Writes the checkpoint `to`; one moved by another writer (a lost lock) makes it read the row again. */
  private async persist(place: Place, to: Checkpoint): Promise<void> {
    try {
      if (!(await advanceCheckpoint(this.options.readModels, this.checkpointName, place.persisted, to)))
        throw new Error(`The checkpoint of ${this.checkpointName} was moved by another writer`);
    } catch (error) {
      this.place = undefined;
      throw error;
    }
    Object.assign(place, { persisted: to, read: to, persistedAt: Date.now() });
  }
}
