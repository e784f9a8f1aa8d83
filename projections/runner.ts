import {
  START,
  type Checkpoint,
  type EventStore,
  type ReadAllResult,
  type RecordedEvent,
} from '../domain/eventstore/types';
import { advanceCheckpoint, advanceCheckpoints } from './checkpoints';
import type { Projection } from './projection';
import { sideBySide } from './side-by-side';
import type { ReadModelDb } from './schema';
import { backoffMs, SingletonWorker, type Locks, type WorkerLog } from './worker';

export interface RunnerOptions {
  store: EventStore;
  readModels: ReadModelDb;
  projections: readonly Projection[];
  locks: Locks;
  batchSize?: number;
  /** How often idle projections look for events another process appended. */
  pollMs?: number;
  /** How long a runner whose lock another process holds waits before trying again. */
  standbyMs?: number;
  /**
   * One transaction a batch for all projections, where statements run one at a time anyway
   * (PGlite's one connection): a transaction each only added its BEGIN, COMMIT and checkpoint
   * update, an eighth of PGlite's time at 600 lookups/s offered (bench README, session 26).
   */
  commitTogether?: boolean;
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
 * The least time between two reads of projections that have caught up. Under a steady stream of
 * appends every append is a hint; reading on each one kept the projections querying the log a
 * few thousand times a second, mostly for nothing, and that load was what made lookups wait.
 */
const LIVE_SPACING_MS = 10;

class CheckpointMovedError extends Error {
  constructor(name: string) {
    super(`The checkpoint of ${name} was moved by another writer`);
  }
}

/** One projection as the runner feeds it. */
interface Member {
  projection: Projection;
  status: ProjectionStatus;
  /** Read the checkpoint from the database before the next batch: after taking the lock, a failure or a move. */
  stale: boolean;
  /** Failures in a row of its own batches (not of the read they share), and when it may try again. */
  failures: number;
  retryAt: number;
  lastError?: string;
}

/** The events of a batch a member reads. */
const handledBy = (m: Member, events: readonly RecordedEvent[]) =>
  events.filter((e) => m.projection.eventTypes.includes(e.type));

/**
 * Feeds the projections from the log: catch up from their checkpoints, then follow live. One
 * reader reads the log for all of them: projections standing at the same checkpoint (all of
 * them, once caught up) share each read, and the batch is applied to each in turn, as a replay
 * does. Each projection's batch and its checkpoint commit together, and the checkpoint only
 * moves if it still stands where the batch began, so an event is applied exactly once across
 * crashes and processes. A projection whose batch fails backs off on its own; the others go on.
 */
export class ProjectionRunner {
  private readonly members: Member[];
  private readonly worker: SingletonWorker;
  private readonly appliedListeners = new Set<(projection: string) => void>();
  /** The next batch after a checkpoint, read while the previous one commits. */
  private readonly readAhead = new Map<Checkpoint, Promise<ReadAllResult>>();
  private unsubscribe: (() => void) | undefined;
  /** When the store last said something was appended (ms since the epoch). */
  private lastHintAt = 0;
  private emptyReadsAfterHint = 0;

  constructor(private readonly options: RunnerOptions) {
    this.members = options.projections.map((projection) => ({
      projection,
      status: {
        name: projection.name,
        state: 'starting',
        checkpoint: START,
        caughtUp: false,
        applied: 0,
        unreadable: 0,
      },
      stale: true,
      failures: 0,
      retryAt: 0,
    }));
    const names = options.projections.map((p) => p.name);
    this.worker = new SingletonWorker({
      // One holder at a time for the whole set: a process either feeds them all or stands by.
      lock: names.length === 1 ? `projection:${names[0]}` : `projections:${names.join(',')}`,
      locks: options.locks,
      label: names.length === 1 ? `Projection ${names[0]}` : 'Projections',
      standbyMs: options.standbyMs,
      wakeSpacingMs: LIVE_SPACING_MS,
      log: options.log,
      prepare: async () => {
        for (const m of this.members) m.stale = true;
      },
      step: () => this.step(),
      pending: () => this.pending(),
      drain: async () => {
        await Promise.all([...this.readAhead.values()].map((batch) => batch.catch(() => undefined)));
        this.readAhead.clear();
      },
    });
  }

  start(): void {
    this.unsubscribe = this.options.store.onAppended(() => {
      this.lastHintAt = Date.now();
      this.worker.wake();
    });
    this.worker.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.worker.stop();
  }

  /** Called after each batch a projection commits, so a reader of its read model can look at once. */
  onApplied(listener: (projection: string) => void): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  status(): ProjectionStatus[] {
    const worker = this.worker.status();
    return this.members.map(({ status, failures, lastError }) => {
      const own = failures > 0 && worker.state === 'running';
      const error = own ? lastError : worker.lastError;
      return { ...status, state: own ? 'retrying' : worker.state, ...(error ? { lastError: error } : {}) };
    });
  }

  /**
   * Each projection's status with its checkpoint as stored, wherever the lock is held: a process on
   * standby reads nothing itself, so its own checkpoint stays where it last stood, while the holder
   * commits each batch with its checkpoint. What an operator asking any process wants to see.
   */
  async storedStatus(): Promise<ProjectionStatus[]> {
    const stored = await this.storedCheckpoints(this.members.map((m) => m.projection.name));
    return this.status().map((s) => ({ ...s, checkpoint: stored.get(s.name) ?? s.checkpoint }));
  }

  /** Resolves once every projection has applied everything committed before it was called. */
  async settled(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await this.options.store.awaitVisible(timeoutMs);
    await this.worker.settled(Math.max(0, deadline - Date.now()));
  }

  /** Whether the log holds events after a stored checkpoint: asks the database, whoever holds the lock. */
  private async pending(): Promise<boolean> {
    const stored = await this.storedCheckpoints(this.members.map((m) => m.projection.name));
    for (const after of new Set(this.members.map((m) => stored.get(m.projection.name) ?? START))) {
      const { events } = await this.options.store.readAll({ after, limit: 1 });
      if (events.length > 0) return true;
    }
    return false;
  }

  private async storedCheckpoints(names: readonly string[]): Promise<Map<string, Checkpoint>> {
    if (names.length === 0) return new Map();
    const rows = await this.options.readModels
      .selectFrom('projection_checkpoints')
      .select(['name', 'checkpoint'])
      .where('name', 'in', names)
      .execute();
    return new Map(rows.map((r) => [r.name, r.checkpoint as Checkpoint]));
  }

  /** One round: each group of projections standing at one checkpoint reads the next batch once. */
  private async step(): Promise<number> {
    const now = Date.now();
    const ready = this.members.filter((m) => m.retryAt <= now);
    const stale = ready.filter((m) => m.stale);
    if (stale.length > 0) {
      const stored = await this.storedCheckpoints(stale.map((m) => m.projection.name));
      for (const m of stale) {
        m.status.checkpoint = stored.get(m.projection.name) ?? START;
        m.stale = false;
      }
    }
    const groups = new Map<Checkpoint, Member[]>();
    for (const m of ready) groups.set(m.status.checkpoint, [...(groups.get(m.status.checkpoint) ?? []), m]);
    for (const after of this.readAhead.keys()) if (!groups.has(after)) this.readAhead.delete(after);
    let applied = 0;
    let behind = false;
    for (const [from, group] of groups) {
      const done = await this.feed(from, group);
      applied += done.applied;
      behind ||= !done.caughtUp;
    }
    return this.restAfter(applied, behind);
  }

  private restAfter(applied: number, behind: boolean): number {
    const pollMs = this.options.pollMs ?? 250;
    const waiting = this.members.filter((m) => m.failures > 0).map((m) => m.retryAt - Date.now());
    const untilRetry = Math.max(0, Math.min(pollMs, ...waiting));
    // More is waiting: read on at once. Caught up: let a few appends gather first.
    if (behind) return 0;
    if (applied > 0) {
      this.emptyReadsAfterHint = 0;
      return Math.min(LIVE_SPACING_MS, untilRetry);
    }
    if (Date.now() - this.lastHintAt < HINT_WINDOW_MS) {
      // An append was just reported but is not readable yet: on PostgreSQL it stays behind
      // the horizon until older transactions end. Look again soon rather than at the next poll.
      const wait = Math.min(Math.max(LIVE_SPACING_MS, 2 ** ++this.emptyReadsAfterHint), 25);
      return Math.min(wait, untilRetry);
    }
    return untilRetry;
  }

  /** Reads the batch after `from` once and applies it to each projection of the group in turn. */
  private async feed(from: Checkpoint, group: readonly Member[]) {
    const limit = this.options.batchSize ?? 500;
    const batch = this.read(from, limit);
    const { events, next, atEnd: caughtUp, unreadable = [] } = await batch;
    for (const m of group) m.status.caughtUp = caughtUp;
    // A page of nothing but unreadable events still moves the checkpoints past them.
    if (events.length === 0 && next === from) return { applied: 0, caughtUp };
    if (!caughtUp) {
      // More is waiting: read it while this batch commits. The log after `next` does not change
      // with the commits, so this is the batch the next round reads for whoever moved to `next`.
      const ahead = this.options.store.readAll({ after: next, limit });
      ahead.catch(() => undefined);
      this.readAhead.set(next, ahead);
    }
    // Members failing of late commit alone, so a projection that fails again holds back no other.
    const together =
      this.options.commitTogether && from !== START ? group.filter((m) => m.failures === 0) : [];
    const committed = together.length > 1 && (await this.commitTogether(together, from, next, events));
    await this.commitEach(committed ? group.filter((m) => !together.includes(m)) : group, from, next, events);
    for (const m of group) if (m.status.checkpoint === next) m.status.applied += events.length;
    if (unreadable.length > 0) {
      for (const m of group) if (m.status.checkpoint === next) m.status.unreadable += unreadable.length;
      for (const event of unreadable)
        this.options.log?.('warn', 'The projections stepped over an event they cannot read', {
          projections: group.map((m) => m.projection.name),
          event: event.id,
          stream: event.streamName,
          reason: event.reason,
        });
    }
    return { applied: events.length, caughtUp };
  }

  /** Each projection's events of the batch and its checkpoint in a transaction of its own. */
  private async commitEach(
    members: readonly Member[],
    from: Checkpoint,
    next: Checkpoint,
    events: readonly RecordedEvent[],
  ) {
    const untouched: Member[] = [];
    const commits: Promise<void>[] = [];
    for (const m of members) {
      const handled = handledBy(m, events);
      // Nothing of its own in the batch: its checkpoint moves with the others' in one statement.
      if (handled.length === 0 && from !== START) untouched.push(m);
      // Side by side, as separate workers did: on PostgreSQL each takes a connection of the
      // pool, so the lookup queue does not wait for the admin views (PGlite takes them in turn).
      else commits.push(this.commit(m, from, next, handled));
    }
    await Promise.all(commits);
    if (untouched.length === 0) return;
    const moved = await advanceCheckpoints(
      this.options.readModels,
      untouched.map((m) => m.projection.name),
      from,
      next,
    );
    this.followCheckpoints(untouched, moved, next);
  }

  /**
   * Every member's events of the batch and all their checkpoints in one transaction. The
   * checkpoints move first, each only if it still stands at `from`, and a member whose checkpoint
   * another writer moved applies nothing. False when a projection failed: the transaction wrote
   * nothing, and each member then commits alone, so only the failing one backs off.
   */
  private async commitTogether(
    members: readonly Member[],
    from: Checkpoint,
    next: Checkpoint,
    events: readonly RecordedEvent[],
  ): Promise<boolean> {
    let moved: Set<string>;
    try {
      moved = await this.options.readModels.transaction().execute(async (trx) => {
        const names = await advanceCheckpoints(
          trx,
          members.map((m) => m.projection.name),
          from,
          next,
        );
        await sideBySide(
          ...members.map(async (m) => {
            const handled = handledBy(m, events);
            if (names.has(m.projection.name) && handled.length > 0) await m.projection.apply(trx, handled);
          }),
        );
        return names;
      });
    } catch {
      return false;
    }
    this.followCheckpoints(members, moved, next);
    return true;
  }

  /** Applies a projection's events of the batch and moves its checkpoint, in one transaction. */
  private async commit(m: Member, from: Checkpoint, next: Checkpoint, handled: readonly RecordedEvent[]) {
    const { projection } = m;
    try {
      await this.options.readModels.transaction().execute(async (trx) => {
        if (handled.length > 0) await projection.apply(trx, handled);
        if (!(await advanceCheckpoint(trx, projection.name, from, next)))
          throw new CheckpointMovedError(projection.name);
      });
      this.moved(m, next);
    } catch (error) {
      m.stale = true;
      // Another writer moved the checkpoint: a replay switched a rebuilt version in, or a
      // process this one took over from committed last. Nothing failed: read on from there.
      if (error instanceof CheckpointMovedError) return;
      m.failures++;
      m.retryAt = Date.now() + backoffMs(m.failures);
      m.lastError = error instanceof Error ? error.message : String(error);
      this.options.log?.('warn', `Projection ${projection.name} failed; retrying`, {
        error: m.lastError,
        attempt: m.failures,
      });
    }
  }

  /** Members whose checkpoint moved to `next`, and the others, which another writer moved first. */
  private followCheckpoints(members: readonly Member[], moved: ReadonlySet<string>, next: Checkpoint) {
    for (const m of members)
      if (moved.has(m.projection.name)) this.moved(m, next);
      // Another writer moved it (a replay switched a rebuilt version in): read on from there.
      else m.stale = true;
  }

  private moved(m: Member, next: Checkpoint): void {
    m.status.checkpoint = next;
    m.failures = 0;
    m.retryAt = 0;
    delete m.lastError;
    for (const listener of this.appliedListeners) listener(m.projection.name);
  }

  private read(after: Checkpoint, limit: number): Promise<ReadAllResult> {
    const ahead = this.readAhead.get(after);
    this.readAhead.delete(after);
    return ahead ?? this.options.store.readAll({ after, limit });
  }
}
