/**
 * The one way background work runs: each projection, each reactor, the lookup processor, the
 * mail dispatcher and the log purge is a SingletonWorker. It holds a named lock, calls its step
 * while it holds it, backs off when a step fails, rests until woken or its rest ends, and tells
 * when nothing is pending (`settled()`). It lives here rather than in api/ because the
 * projection runner needs it and projections import nothing from api/.
 *
 * How the lock is held, and why a lease row rather than an advisory lock. Several processes
 * share one PostgreSQL; each singleton must run in exactly one of them, move to another within
 * 5 seconds when its holder dies (SIGKILL or a cut network), and a holder that loses its lock
 * must stop at once. A session-level advisory lock on a dedicated connection is released the
 * moment the kernel closes a killed process's socket, but when the network is cut without a
 * close, the server only lets it go once it notices the peer is gone: TCP keepalive (two hours
 * by default), and never while a proxy or pooler between them keeps its own side open. Nor can
 * the holder tell from its side when the server gave the lock away. A lease row
 * (api/db/leases.ts: name, holder, expiry by the database's one clock) answers both sides: the
 * holder renews it every second and, when a renewal has not come back within the lease's time
 * counted from when it was sent, gives the work up (`Lease.signal` aborts) before the row can
 * expire; a standby takes an expired row. Takeover therefore needs no cooperation from the dead
 * process or the network: at most the lease time (3 s) plus a standby's retry (1 s). The same
 * table and SQL serve PGlite, where the data folder's lock file already makes the process the
 * only one: there the lease runs longer (one connection serves every query, so a renewal may wait
 * behind a long batch) and rows left by a killed predecessor are voided when the folder is taken.
 *
 * A lock only keeps the work in one place; it is not what keeps it correct. A step that began
 * before its holder lost the lease may still commit, so every worker's writes are fenced on
 * their own: checkpoints move only from where the batch began, lookups and notices are recorded
 * under ids derived from what they are about, outbox rows are marked sent by id.
 */

/** A lock held for the work; `signal` aborts the moment it is no longer held. */
export interface Lease {
  readonly signal: AbortSignal;
  /** Gives the lock up so a standby can take it at once. */
  release(): Promise<void>;
}

/** Named locks shared by every process on one database. */
export interface Locks {
  /** The lock, or undefined while someone else holds it. */
  acquire(name: string): Promise<Lease | undefined>;
}

export type WorkerLog = (
  level: 'info' | 'warn' | 'error',
  message: string,
  fields?: Record<string, unknown>,
) => void;

export interface WorkerOptions {
  /** The lock's name: one holder at a time across every process on the database. */
  lock: string;
  locks: Locks;
  /** Names the work in log lines and errors ("Projection usage"). */
  label: string;
  /** Runs each time the lock is taken, before the first step; retried until it succeeds. */
  prepare?: (signal: AbortSignal) => Promise<void>;
  /**
   * One unit of work. Resolves to how long to rest before the next (0: go on at once); a
   * wake-up cuts the rest short. `signal` aborts when the worker stops or loses its lock.
   */
  step: (signal: AbortSignal) => Promise<number>;
  /** Whether work is waiting; what `settled()` asks. */
  pending?: () => Promise<boolean>;
  /** Runs before the lock is given up on a clean stop, so a successor never overlaps work under way. */
  drain?: () => Promise<void>;
  /** Subscribes to hints that work has arrived; returns the unsubscribe. */
  wakeOn?: (wake: () => void) => () => void;
  /** How long a standby waits before trying the lock again. */
  standbyMs?: number;
  /** A wake-up ends a rest no sooner than this after the rest began. */
  wakeSpacingMs?: number;
  log?: WorkerLog;
}

export type WorkerState = 'starting' | 'standby' | 'running' | 'retrying' | 'stopped';

export interface WorkerStatus {
  state: WorkerState;
  /** Whether this process holds the worker's lock. */
  holding: boolean;
  lastError?: string;
}

/** A standby tries the lock this often: with the lease time, it bounds a takeover (see above). */
export const STANDBY_MS = 1_000;

/** The rest after the nth failure in a row: 200 ms doubling to 5 s. */
export function backoffMs(failures: number): number {
  return Math.min(5_000, 100 * 2 ** Math.min(failures, 6));
}

/** Waits `ms`, or less when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export class SingletonWorker {
  private readonly stopping = new AbortController();
  private loop: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;
  /** A wake-up came since the last step began. */
  private woken = false;
  /** Ends the current rest early, when it may be ended. */
  private rouse: (() => void) | undefined;
  private readonly current: WorkerStatus = { state: 'starting', holding: false };

  constructor(private readonly options: WorkerOptions) {}

  start(): void {
    if (this.loop) return;
    this.unsubscribe = this.options.wakeOn?.(() => this.wake());
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    this.unsubscribe?.();
    await this.loop;
  }

  /** A hint that work may be waiting: the next rest ends early. */
  wake(): void {
    this.woken = true;
    this.rouse?.();
  }

  status(): WorkerStatus {
    return { ...this.current };
  }

  /** Resolves once nothing is pending (for tests and scripts); wakes the worker meanwhile. */
  async settled(timeoutMs = 30_000): Promise<void> {
    const pending = this.options.pending;
    if (!pending) throw new Error(`${this.options.label} cannot tell what is pending`);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!(await pending())) return;
      if (Date.now() > deadline) throw new Error(`${this.options.label} did not catch up in time`);
      this.wake();
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  private async run(): Promise<void> {
    const stopping = this.stopping.signal;
    let lease: Lease | undefined;
    /**
     * Aborts when the worker stops or loses the lease it holds. Made once per lease, not per step:
     * Node 20's AbortSignal.any leaves a reference in each source signal for every call, so one per
     * step grew the service by about 1 kB per lookup.
     */
    let signal = stopping;
    let prepared = false;
    let failures = 0;
    while (!stopping.aborted) {
      try {
        if (lease?.signal.aborted) {
          this.options.log?.(
            'warn',
            `${this.options.label} lost its lock and stopped; another process may take over`,
          );
          lease = undefined;
        }
        if (!lease) {
          this.current.holding = false;
          lease = await this.options.locks.acquire(this.options.lock);
          if (!lease) {
            failures = 0;
            this.current.state = 'standby';
            await this.rest(this.options.standbyMs ?? STANDBY_MS, undefined, false);
            continue;
          }
          this.current.holding = true;
          signal = AbortSignal.any([stopping, lease.signal]);
          prepared = false;
        }
        if (!prepared) {
          await this.options.prepare?.(signal);
          if (signal.aborted) continue;
          prepared = true;
        }
        // After a failure the worker shows 'retrying' until a step succeeds again.
        if (this.current.state !== 'retrying') this.current.state = 'running';
        this.woken = false;
        const restMs = await this.options.step(signal);
        failures = 0;
        this.current.state = 'running';
        delete this.current.lastError;
        await this.rest(restMs, lease.signal, true);
      } catch (error) {
        failures++;
        this.current.state = 'retrying';
        this.current.lastError = error instanceof Error ? error.message : String(error);
        this.options.log?.('warn', `${this.options.label} failed; retrying`, {
          error: this.current.lastError,
          attempt: failures,
        });
        await this.rest(backoffMs(failures), lease?.signal, false);
      }
    }
    this.current.state = 'stopped';
    if (lease && !lease.signal.aborted) await this.options.drain?.().catch(() => undefined);
    this.current.holding = false;
    await lease?.release().catch(() => undefined);
  }

  /**
   * Rests `ms`, less when the worker stops or `lease` is lost, and, when `wakeable`, when woken
   * (though never less than the wake spacing). A back-off is not wakeable: a busy stream of hints
   * would otherwise turn it into a tight loop against a failing database.
   */
  private rest(ms: number, lease: AbortSignal | undefined, wakeable: boolean): Promise<void> {
    const signals = lease ? [this.stopping.signal, lease] : [this.stopping.signal];
    if (ms <= 0 || signals.some((s) => s.aborted)) return Promise.resolve();
    const began = Date.now();
    const spacing = this.options.wakeSpacingMs ?? 0;
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(timer);
        if (this.rouse === rouse) this.rouse = undefined;
        for (const s of signals) s.removeEventListener('abort', done);
        resolve();
      };
      const rouse = () => {
        clearTimeout(timer);
        timer = setTimeout(done, Math.max(0, began + spacing - Date.now()));
      };
      timer = setTimeout(done, ms);
      for (const s of signals) s.addEventListener('abort', done, { once: true });
      if (wakeable) {
        this.rouse = rouse;
        if (this.woken) rouse();
      }
    });
  }
}
