import { randomUUID } from 'node:crypto';
import { LOOKUP_PROCESSOR_STREAM, type LookupProcessorEvent } from '../../domain/lookups/events';
import { pendingLookups, processorMarker, type PendingLookup } from '../../projections/lookups/queries';
import type { ProjectionLock } from '../../projections/runner';
import type { ReadModelDb } from '../../projections/schema';
import { processWave, type WaveDeps } from './wave';

export const LOOKUP_PROCESSOR_LOCK = 'lookup-processor';

export interface LookupProcessorOptions extends WaveDeps {
  readModels: ReadModelDb;
  locks: ProjectionLock;
  /** Lookups taken from the queue at once. */
  batchSize?: number;
  /** Batches processed at the same time (their users' charges are kept right by the credits stream). */
  concurrency?: number;
  /** How often the queue is looked at when nothing woke the processor. */
  pollMs?: number;
  /** How long a processor whose lock another process holds waits before trying again. */
  standbyMs?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

export interface LookupProcessorStatus {
  state: 'starting' | 'standby' | 'catching_up' | 'running' | 'stopped';
  processed: number;
  lastError?: string;
}

/**
 * Takes lookup requests from the queue read model to their outcomes. One runs across the fleet
 * (a database lock). On taking over it first lets the queue catch up with everything its
 * predecessor recorded, so a finished lookup is never mistaken for a pending one.
 */
export class LookupProcessor {
  private readonly abort = new AbortController();
  private readonly active = new Set<Promise<void>>();
  private readonly taken = new Set<string>();
  private waiters: (() => void)[] = [];
  private loop: Promise<void> | undefined;
  private highWater = 0n;
  private readonly current: LookupProcessorStatus = { state: 'starting', processed: 0 };

  constructor(private readonly options: LookupProcessorOptions) {}

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.active]);
  }

  /** A hint that the queue may have changed (new requests projected). */
  wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  status(): LookupProcessorStatus {
    return { ...this.current };
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    let release: (() => Promise<void>) | undefined;
    let failures = 0;
    while (!signal.aborted) {
      try {
        if (!release) {
          release = await this.options.locks.tryLock(LOOKUP_PROCESSOR_LOCK);
          if (!release) {
            this.current.state = 'standby';
            await this.sleep(this.options.standbyMs ?? 5_000);
            continue;
          }
          this.current.state = 'catching_up';
          await this.catchUp();
          this.highWater = 0n;
          this.current.state = 'running';
        }
        if (this.active.size >= (this.options.concurrency ?? 4)) {
          await this.sleep(this.options.pollMs ?? 250);
          continue;
        }
        const batch = (
          await pendingLookups(this.options.readModels, this.highWater, this.options.batchSize ?? 500)
        ).filter((l) => !this.taken.has(l.lookupId));
        failures = 0;
        if (batch.length === 0) {
          await this.sleep(this.options.pollMs ?? 250);
          continue;
        }
        this.highWater = batch.at(-1)!.seq;
        this.launch(batch);
      } catch (error) {
        failures++;
        this.current.lastError = error instanceof Error ? error.message : String(error);
        this.options.log?.('warn', 'The lookup processor failed; retrying', {
          error: this.current.lastError,
          attempt: failures,
        });
        await this.sleep(Math.min(5_000, 100 * 2 ** Math.min(failures, 6)));
      }
    }
    this.current.state = 'stopped';
    await Promise.allSettled([...this.active]);
    await release?.().catch(() => undefined);
  }

  private launch(batch: PendingLookup[]) {
    for (const l of batch) this.taken.add(l.lookupId);
    const wave = processWave(this.options, batch)
      .then(() => {
        this.current.processed += batch.length;
      })
      .catch((error: unknown) => {
        this.current.lastError = error instanceof Error ? error.message : String(error);
        this.options.log?.('warn', 'A batch of lookups failed; it will be taken again', {
          error: this.current.lastError,
          lookups: batch.length,
        });
        // Still pending in the queue: read from before them again. Every step of a lookup is
        // recorded under an id of its own, so what already happened is recognised, not repeated.
        const first = batch[0]!.seq - 1n;
        if (first < this.highWater) this.highWater = first;
      })
      .finally(() => {
        for (const l of batch) this.taken.delete(l.lookupId);
        this.active.delete(wave);
        this.wake();
      });
    this.active.add(wave);
  }

  /** Writes a start marker and waits until the queue read model has applied it. */
  private async catchUp(): Promise<void> {
    const marker = randomUUID();
    const event: LookupProcessorEvent = {
      type: 'LookupProcessorStarted',
      data: { marker, at: this.options.now().toISOString() },
    };
    await this.options.store.append(LOOKUP_PROCESSOR_STREAM, [{ id: marker, ...event }], { expected: 'any' });
    let waited = 0;
    while (!this.abort.signal.aborted) {
      if ((await processorMarker(this.options.readModels, LOOKUP_PROCESSOR_STREAM)) === marker) return;
      await this.sleep(50);
      waited += 50;
      if (waited % 30_000 === 0)
        this.options.log?.(
          'warn',
          'The lookup processor is waiting for the lookup_requests read model to catch up',
        );
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.abort.signal.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.push(done);
    });
  }
}
