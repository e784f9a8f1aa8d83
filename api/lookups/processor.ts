/**
 * How a webhook's LookupRequested reaches this processor. The webhook (webhook.ts) appends one
 * LookupRequested to the lookup's own stream and answers HubSpot; nothing calls the processor
 * directly. The projection runner, woken by the store's append hint (and polling for appends
 * made by other processes), applies the event to the `lookup_requests` read model
 * (projections/lookups/projection.ts): a row with status `pending` and a growing `seq`. After
 * each batch it commits to that read model the runner's `onApplied` fires, and composition.ts
 * turns that into `wake()` here, which ends the worker's rest early; without a wake the worker
 * looks again every `pollMs`. Each step asks `pendingLookups` for the pending rows past the
 * highest `seq` already taken and launches them as a wave (wave.ts); the outcome events the wave
 * records are projected onto the same rows, which then stop being pending. Because the queue is
 * a read model, a processor that takes over first appends a LookupProcessorStarted marker and
 * waits until the queue has applied it, so every outcome its predecessor recorded is reflected
 * before it reads what is pending.
 */
import { randomUUID } from 'node:crypto';
import { LOOKUP_PROCESSOR_STREAM, type LookupProcessorEvent } from '../../domain/lookups/events';
import { pendingLookups, processorMarker, type PendingLookup } from '../../projections/lookups/queries';
import { pause, SingletonWorker, type Locks, type WorkerLog } from '../../projections/worker';
import { processWave, type WaveDeps } from './wave';

export const LOOKUP_PROCESSOR_LOCK = 'lookup-processor';

const recordOf = (l: PendingLookup) => `${l.portalId}\u0000${l.objectType}\u0000${l.objectId}`;

export interface LookupProcessorOptions extends WaveDeps {
  locks: Locks;
  /** Lookups taken from the queue at once. */
  batchSize?: number;
  /** Batches processed at the same time (their users' charges are kept right by the credits stream). */
  concurrency?: number;
  /** How often the queue is looked at when nothing woke the processor. */
  pollMs?: number;
  /** How long a processor whose lock another process holds waits before trying again. */
  standbyMs?: number;
  log?: WorkerLog;
}

export interface LookupProcessorStatus {
  state: 'starting' | 'standby' | 'catching_up' | 'running' | 'retrying' | 'stopped';
  processed: number;
  lastError?: string;
}

/**
 * Takes lookup requests from the queue read model to their outcomes. One runs across the fleet
 * (a database lock). On taking over it first lets the queue catch up with everything its
 * predecessor recorded, so a finished lookup is never mistaken for a pending one.
 */
export class LookupProcessor {
  private readonly worker: SingletonWorker;
  private readonly active = new Set<Promise<void>>();
  private readonly taken = new Set<string>();
  /** The records with a lookup under way, and how many: a later change of one waits for them. */
  private readonly busy = new Map<string, number>();
  private highWater = 0n;
  /** The queue table `highWater` counts in (pendingLookups answers it). */
  private queueTable: string | undefined;
  private catchingUp = false;
  private processed = 0;
  private lastError: string | undefined;

  constructor(private readonly options: LookupProcessorOptions) {
    this.worker = new SingletonWorker({
      lock: LOOKUP_PROCESSOR_LOCK,
      locks: options.locks,
      label: 'The lookup processor',
      standbyMs: options.standbyMs,
      log: options.log,
      prepare: async (signal) => {
        this.catchingUp = true;
        try {
          await this.catchUp(signal);
          this.highWater = 0n;
          this.queueTable = undefined;
        } finally {
          this.catchingUp = false;
        }
      },
      step: (signal) => this.step(signal),
      pending: async () =>
        this.active.size > 0 || (await pendingLookups(options.readModels, 0n, 1)).pending.length > 0,
      drain: async () => {
        await Promise.allSettled([...this.active]);
      },
    });
  }

  start(): void {
    this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    await Promise.allSettled([...this.active]);
  }

  /** A hint that the queue may have changed (new requests projected). */
  wake(): void {
    this.worker.wake();
  }

  /** Resolves once no lookup is pending or under way (for tests and scripts). */
  settled(timeoutMs = 30_000): Promise<void> {
    return this.worker.settled(timeoutMs);
  }

  status(): LookupProcessorStatus {
    const worker = this.worker.status();
    return {
      state: this.catchingUp ? 'catching_up' : worker.state,
      processed: this.processed,
      ...(this.lastError ? { lastError: this.lastError } : {}),
    };
  }

  /** Takes the next lookups from the queue; once launched they run while the next are looked for. */
  private async step(signal: AbortSignal): Promise<number> {
    const pollMs = this.options.pollMs ?? 250;
    if (this.active.size >= (this.options.concurrency ?? 4)) return pollMs;
    const { queueTable, pending: listed } = await pendingLookups(
      this.options.readModels,
      this.highWater,
      this.options.batchSize ?? 500,
    );
    if (queueTable !== this.queueTable) {
      const first = this.queueTable === undefined;
      // A replay switched the queue: read it from its start (lookups under way are still skipped).
      this.queueTable = queueTable;
      this.highWater = 0n;
      if (!first) return 0;
    }
    const pending = listed.filter((l) => !this.taken.has(l.lookupId));
    // A record's next change is looked up once its lookup under way has recorded what it wrote:
    // it then sees those values as ZipFill's, and the two writes cannot land out of order.
    const waiting = pending.find((l) => this.busy.has(recordOf(l)));
    const batch = pending.filter((l) => !this.busy.has(recordOf(l)));
    if (batch.length === 0 || signal.aborted) return pollMs;
    const last = batch.at(-1)!.seq;
    this.highWater = waiting && waiting.seq - 1n < last ? waiting.seq - 1n : last;
    this.launch(batch);
    return 0;
  }

  private launch(batch: PendingLookup[]) {
    for (const l of batch) {
      this.taken.add(l.lookupId);
      this.busy.set(recordOf(l), (this.busy.get(recordOf(l)) ?? 0) + 1);
    }
    const wave = processWave(this.options, batch)
      .then(() => {
        this.processed += batch.length;
      })
      .catch((error: unknown) => {
        this.lastError = error instanceof Error ? error.message : String(error);
        this.options.log?.('warn', 'A batch of lookups failed; it will be taken again', {
          error: this.lastError,
          lookups: batch.length,
        });
        // Still pending in the queue: read from before them again. Every step of a lookup is
        // recorded under an id of its own, so what already happened is recognised, not repeated.
        const first = batch[0]!.seq - 1n;
        if (first < this.highWater) this.highWater = first;
      })
      .finally(() => {
        for (const l of batch) {
          this.taken.delete(l.lookupId);
          const left = (this.busy.get(recordOf(l)) ?? 1) - 1;
          if (left > 0) this.busy.set(recordOf(l), left);
          else this.busy.delete(recordOf(l));
        }
        this.active.delete(wave);
        this.wake();
      });
    this.active.add(wave);
  }

  /** Writes a start marker and waits until the queue read model has applied it. */
  private async catchUp(signal: AbortSignal): Promise<void> {
    const marker = randomUUID();
    const event: LookupProcessorEvent = {
      type: 'LookupProcessorStarted',
      data: { marker, at: this.options.now().toISOString() },
    };
    await this.options.store.append(LOOKUP_PROCESSOR_STREAM, [{ id: marker, ...event }], { expected: 'any' });
    let waited = 0;
    while (!signal.aborted) {
      if ((await processorMarker(this.options.readModels, LOOKUP_PROCESSOR_STREAM)) === marker) return;
      await pause(50, signal);
      waited += 50;
      if (waited % 30_000 === 0)
        this.options.log?.(
          'warn',
          'The lookup processor is waiting for the lookup_requests read model to catch up',
        );
    }
  }
}
