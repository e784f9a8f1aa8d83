import { START, type Checkpoint, type EventStore, type ReadAllResult } from '../domain/eventstore/types';
import { advanceCheckpoint, readCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import type { ReadModelDb } from './schema';

export type RunnerLog = (
  level: 'info' | 'warn' | 'error',
  message: string,
  fields?: Record<string, unknown>,
) => void;

export interface ProjectionLock {
  tryLock(name: string): Promise<(() => Promise<void>) | undefined>;
}

export interface RunnerOptions {
  store: EventStore;
  readModels: ReadModelDb;
  projections: readonly Projection[];
  locks: ProjectionLock;
  batchSize?: number;
  /** How often an idle projection looks for events another process appended. */
  pollMs?: number;
  /** How long a projection whose lock another process holds waits before trying again. */
  standbyMs?: number;
  log?: RunnerLog;
}

export interface ProjectionStatus {
  name: string;
  state: 'starting' | 'running' | 'standby' | 'retrying' | 'stopped';
  checkpoint: Checkpoint;
  caughtUp: boolean;
  applied: number;
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

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Feeds each projection from the log: catch up from its checkpoint, then follow live. Each batch
 * and its checkpoint commit together, and the checkpoint only moves if it still stands where
 * the batch began, so an event is applied exactly once across crashes and processes.
 */
export class ProjectionRunner {
  private readonly statuses = new Map<string, ProjectionStatus>();
  private readonly abort = new AbortController();
  private readonly loops: Promise<void>[] = [];
  private readonly wakers = new Set<() => void>();
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
      this.statuses.set(p.name, {
        name: p.name,
        state: 'starting',
        checkpoint: START,
        caughtUp: false,
        applied: 0,
      });
    }
  }

  start(): void {
    this.unsubscribe = this.options.store.onAppended(() => {
      this.lastHintAt = Date.now();
      for (const wake of this.wakers) wake();
    });
    for (const projection of this.options.projections) this.loops.push(this.run(projection));
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.unsubscribe?.();
    for (const wake of this.wakers) wake();
    await Promise.all(this.loops);
  }

  /** Called after each batch a projection commits, so a reader of its read model can look at once. */
  onApplied(listener: (projection: string) => void): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  status(): ProjectionStatus[] {
    return [...this.statuses.values()].map((s) => ({ ...s }));
  }

  /** Resolves once every projection has applied everything committed before it was called. */
  async settled(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await this.options.store.awaitVisible(timeoutMs);
    for (;;) {
      const pending = await Promise.all(
        this.options.projections.map(async (p) => {
          const checkpoint = await readCheckpoint(this.options.readModels, p.name);
          const { events } = await this.options.store.readAll({ after: checkpoint, limit: 1 });
          return events.length > 0;
        }),
      );
      if (!pending.some(Boolean)) return;
      if (Date.now() > deadline) throw new Error('Projections did not catch up in time');
      for (const wake of this.wakers) wake();
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  private async run(projection: Projection): Promise<void> {
    const status = this.statuses.get(projection.name)!;
    const signal = this.abort.signal;
    let release: (() => Promise<void>) | undefined;
    let failures = 0;
    let emptyReadsAfterHint = 0;
    while (!signal.aborted) {
      try {
        if (!release) {
          release = await this.options.locks.tryLock(`projection:${projection.name}`);
          if (!release) {
            status.state = 'standby';
            await sleep(this.options.standbyMs ?? 5_000, signal);
            continue;
          }
          status.checkpoint = await readCheckpoint(this.options.readModels, projection.name);
        }
        status.state = 'running';
        const applied = await this.step(projection, status);
        failures = 0;
        delete status.lastError;
        if (applied > 0) {
          emptyReadsAfterHint = 0;
          // More is waiting: read on at once. Caught up: let a few appends gather first.
          if (status.caughtUp) await sleep(LIVE_SPACING_MS, signal);
        } else if (Date.now() - this.lastHintAt < HINT_WINDOW_MS) {
          // An append was just reported but is not readable yet: on PostgreSQL it stays behind
          // the horizon until older transactions end. Look again soon rather than at the next poll.
          const wait = Math.min(Math.max(LIVE_SPACING_MS, 2 ** ++emptyReadsAfterHint), 25);
          await this.idle(signal, Math.min(wait, this.options.pollMs ?? 250));
        } else await this.idle(signal, this.options.pollMs ?? 250);
      } catch (error) {
        failures++;
        status.state = 'retrying';
        status.lastError = error instanceof Error ? error.message : String(error);
        this.options.log?.('warn', `Projection ${projection.name} failed; retrying`, {
          error: status.lastError,
          attempt: failures,
        });
        await sleep(Math.min(5_000, 100 * 2 ** Math.min(failures, 6)), signal);
        // Whatever happened, start again from what the database says was committed.
        try {
          status.checkpoint = await readCheckpoint(this.options.readModels, projection.name);
        } catch {
          // still unreachable; the next step fails and backs off again
        }
      }
    }
    status.state = 'stopped';
    await this.readAhead.get(projection.name)?.batch.catch(() => undefined);
    this.readAhead.delete(projection.name);
    await release?.().catch(() => undefined);
  }

  private async step(projection: Projection, status: ProjectionStatus): Promise<number> {
    const limit = this.options.batchSize ?? 500;
    const from = status.checkpoint;
    const { events, next } = await this.read(projection.name, from, limit);
    status.caughtUp = events.length < limit;
    if (events.length === 0) return 0;
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
        if (projection.applyBatch) {
          const handled = events.filter((e) => projection.handlers[e.type]);
          if (handled.length > 0) await projection.applyBatch(trx, handled);
        } else {
          for (const event of events) {
            const handler = projection.handlers[event.type];
            if (handler) await handler(trx, event);
          }
        }
        if (!(await advanceCheckpoint(trx, projection.name, from, next)))
          throw new CheckpointMovedError(projection.name);
      });
    } catch (error) {
      this.readAhead.delete(projection.name);
      throw error;
    }
    status.checkpoint = next;
    status.applied += events.length;
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

  /** Waits `ms`, or less when woken by an append, but never less than the live spacing. */
  private async idle(signal: AbortSignal, ms: number): Promise<void> {
    const started = Date.now();
    await new Promise<void>((resolve) => {
      let timer: ReturnType<typeof setTimeout>;
      const done = () => {
        this.wakers.delete(wake);
        signal.removeEventListener('abort', done);
        clearTimeout(timer);
        resolve();
      };
      const wake = () => {
        this.wakers.delete(wake);
        clearTimeout(timer);
        timer = setTimeout(done, Math.max(0, started + LIVE_SPACING_MS - Date.now()));
      };
      timer = setTimeout(done, ms);
      this.wakers.add(wake);
      signal.addEventListener('abort', done, { once: true });
      if (signal.aborted) done();
    });
  }
}
