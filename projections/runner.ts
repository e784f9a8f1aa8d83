import { START, type Checkpoint, type EventStore, type ReadAllResult } from '../domain/eventstore/types';
import { advanceCheckpoint, readCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import type { ReadModelDb } from './schema';
import { SingletonWorker, type Locks, type WorkerLog } from './worker';

export interface RunnerOptions {
  store: EventStore;
  readModels: ReadModelDb;
  projections: readonly Projection[];
  locks: Locks;
  batchSize?: number;
  /** How often an idle projection looks for events another process appended. */
  pollMs?: number;
  /** How long a projection whose lock another process holds waits before trying again. */
  standbyMs?: number;
  log?: WorkerLog;
}

export interface ProjectionStatus {
  name: string;
  state: 'starting' | 'running' | 'standby' | 'retrying' | 'stopped';
  checkpoint: Checkpoint;
  caughtUp: boolean;
  applied: number;
  /** Events in the log it stepped over because they were not the product's and could not be read. */
  unreadable: number;
  lastError?: string;
}

/** How long after an append hint an empty read is taken for "not visible yet" rather than "nothing new". */
const HINT_WINDOW_MS = 500;
/**
 * The least time between two reads of a projection that has caught up. Under a steady stream of
 * appends every append is a hint; reading on each one kept seven projections querying the log a
 * few thousand times a second, mostly for nothing, and that load was what made lookups wait.
 */
const LIVE_SPACING_MS = 10;
/** How long a read's answer serves another projection asking for the same events. */
const SHARED_READ_MS = 5;

class CheckpointMovedError extends Error {
  constructor(name: string) {
    super(`The checkpoint of ${name} was moved by another writer`);
  }
}

/**
 * Feeds each projection from the log: catch up from its checkpoint, then follow live. Each batch
 * and its checkpoint commit together, and the checkpoint only moves if it still stands where
 * the batch began, so an event is applied exactly once across crashes and processes.
 */
export class ProjectionRunner {
  private readonly statuses = new Map<string, ProjectionStatus>();
  private readonly workers = new Map<string, SingletonWorker>();
  private readonly appliedListeners = new Set<(projection: string) => void>();
  /** Per projection, the next batch, read while the previous one commits. */
  private readonly readAhead = new Map<string, { after: Checkpoint; batch: Promise<ReadAllResult> }>();
  /**
   * Recent reads of the log by where they start: projections that have caught up stand at the
   * same checkpoint, and one query serves them all. The log after a checkpoint never changes,
   * only grows, so a few milliseconds' old answer is still a true prefix of it.
   */
  private readonly sharedReads = new Map<string, { at: number; result: Promise<ReadAllResult> }>();
  private unsubscribe: (() => void) | undefined;
  /** When the store last said something was appended (ms since the epoch). */
  private lastHintAt = 0;

  constructor(private readonly options: RunnerOptions) {
    for (const p of options.projections) {
      const status: ProjectionStatus = {
        name: p.name,
        state: 'starting',
        checkpoint: START,
        caughtUp: false,
        applied: 0,
        unreadable: 0,
      };
      this.statuses.set(p.name, status);
      this.workers.set(p.name, this.worker(p, status));
    }
  }

  start(): void {
    this.unsubscribe = this.options.store.onAppended(() => {
      this.lastHintAt = Date.now();
      for (const worker of this.workers.values()) worker.wake();
    });
    for (const worker of this.workers.values()) worker.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await Promise.all([...this.workers.values()].map((w) => w.stop()));
  }

  /** Called after each batch a projection commits, so a reader of its read model can look at once. */
  onApplied(listener: (projection: string) => void): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  status(): ProjectionStatus[] {
    return [...this.statuses.values()].map((s) => {
      const worker = this.workers.get(s.name)!.status();
      return { ...s, state: worker.state, ...(worker.lastError ? { lastError: worker.lastError } : {}) };
    });
  }

  /** Resolves once every projection has applied everything committed before it was called. */
  async settled(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await this.options.store.awaitVisible(timeoutMs);
    await Promise.all([...this.workers.values()].map((w) => w.settled(Math.max(0, deadline - Date.now()))));
  }

  /** The singleton worker that feeds one projection: one process at a time applies it. */
  private worker(projection: Projection, status: ProjectionStatus): SingletonWorker {
    const pollMs = this.options.pollMs ?? 250;
    let stale = true;
    let emptyReadsAfterHint = 0;
    return new SingletonWorker({
      lock: `projection:${projection.name}`,
      locks: this.options.locks,
      label: `Projection ${projection.name}`,
      standbyMs: this.options.standbyMs,
      wakeSpacingMs: LIVE_SPACING_MS,
      log: this.options.log,
      prepare: async () => {
        stale = true;
      },
      step: async () => {
        try {
          // After taking the lock or a failure, start from what the database says was committed.
          if (stale) status.checkpoint = await readCheckpoint(this.options.readModels, projection.name);
          stale = false;
          const applied = await this.step(projection, status);
          if (applied > 0) {
            emptyReadsAfterHint = 0;
            // More is waiting: read on at once. Caught up: let a few appends gather first.
            return status.caughtUp ? LIVE_SPACING_MS : 0;
          }
          if (Date.now() - this.lastHintAt < HINT_WINDOW_MS) {
            // An append was just reported but is not readable yet: on PostgreSQL it stays behind
            // the horizon until older transactions end. Look again soon rather than at the next poll.
            const wait = Math.min(Math.max(LIVE_SPACING_MS, 2 ** ++emptyReadsAfterHint), 25);
            return Math.min(wait, pollMs);
          }
          return pollMs;
        } catch (error) {
          stale = true;
          // Another writer moved the checkpoint: a replay switched a rebuilt version in, or a
          // process this one took over from committed last. Nothing failed: read on from there at once.
          if (error instanceof CheckpointMovedError) return 0;
          throw error;
        }
      },
      pending: async () => {
        const checkpoint = await readCheckpoint(this.options.readModels, projection.name);
        const { events } = await this.options.store.readAll({ after: checkpoint, limit: 1 });
        return events.length > 0;
      },
      drain: async () => {
        await this.readAhead.get(projection.name)?.batch.catch(() => undefined);
        this.readAhead.delete(projection.name);
      },
    });
  }

  private async step(projection: Projection, status: ProjectionStatus): Promise<number> {
    const limit = this.options.batchSize ?? 500;
    const from = status.checkpoint;
    const { events, next, unreadable = [] } = await this.read(projection.name, from, limit);
    status.caughtUp = events.length < limit;
    // A page of nothing but unreadable events still moves the checkpoint past them.
    if (events.length === 0 && next === from) return 0;
    if (!status.caughtUp) {
      // More is waiting: read it while this batch commits. The log after `next` does not change
      // with the commit, so this is the batch the next step would read; if the commit fails, it
      // is dropped and the step starts again from the stored checkpoint.
      const batch = this.options.store.readAll({ after: next, limit });
      batch.catch(() => undefined);
      this.readAhead.set(projection.name, { after: next, batch });
    }
    try {
      await this.options.readModels.transaction().execute(async (trx) => {
        const handled = events.filter((e) => projection.eventTypes.includes(e.type));
        if (handled.length > 0) await projection.apply(trx, handled);
        if (!(await advanceCheckpoint(trx, projection.name, from, next)))
          throw new CheckpointMovedError(projection.name);
      });
    } catch (error) {
      this.readAhead.delete(projection.name);
      throw error;
    }
    status.checkpoint = next;
    status.applied += events.length;
    if (unreadable.length > 0) {
      status.unreadable += unreadable.length;
      for (const event of unreadable)
        this.options.log?.('warn', 'A projection stepped over an event it cannot read', {
          projection: projection.name,
          event: event.id,
          stream: event.streamName,
          reason: event.reason,
        });
    }
    for (const listener of this.appliedListeners) listener(projection.name);
    return events.length;
  }

  private read(name: string, after: Checkpoint, limit: number): Promise<ReadAllResult> {
    const ahead = this.readAhead.get(name);
    this.readAhead.delete(name);
    if (ahead && ahead.after === after) return ahead.batch;
    const now = Date.now();
    for (const [key, read] of this.sharedReads)
      if (now - read.at > SHARED_READ_MS) this.sharedReads.delete(key);
    const key = `${limit}:${after}`;
    const shared = this.sharedReads.get(key);
    if (shared) return shared.result;
    const result = this.options.store.readAll({ after, limit });
    this.sharedReads.set(key, { at: now, result });
    // A failed read is not shared: the next asker tries again.
    result.catch(() => this.sharedReads.delete(key));
    return result;
  }
}
