import type { ProposedEvent } from './log';

/**
 * How the node takes writes: its limits and timing, each as the server keeps it, for a test to
 * set. Defaults are the server's.
 */
export class WritePolicy {
  /** `MaxAppendEventSize` (src/KurrentDB.Core/Configuration/ClusterVNodeOptions.cs: TFConsts.MaxLogRecordSize, 16 MiB). */
  maxAppendEventSize = 16 * 1024 * 1024;
  /** `MaxAppendSize` (ClusterVNodeOptions.cs: TFConsts.ChunkSize, 256 MiB). */
  maxAppendSize = 256 * 1024 * 1024;
  /** `WriteTimeoutMs` (ClusterVNodeOptions.cs: 2,000): a dropped write is answered Timeout after it. */
  writeTimeoutMs = 2_000;
  /**
   * How long a write takes to be replicated, and so committed and answered. Until then its ids
   * are "not ready": a copy of it is dropped (StorageWriterService.cs, `IdempotentNotReady`:
   * "just drop the write and wait for the client to retry") and times out.
   */
  replicationMs = 0;
  /** How far the node's clock runs ahead of the client's (negative: behind). */
  clockSkewMs = 0;
  /** Answer every nth write not at all once it is committed (0: never), as a reply lost on the way. */
  loseEveryNthAnswer = 0;
  private readonly replicating = new Set<string>();
  private written = 0;

  now(): number {
    return Date.now() + this.clockSkewMs;
  }

  /** `Event.SizeOnDisk` (src/KurrentDB.Core/Data/Event.cs): data, metadata and the type in UTF-16. */
  static sizeOnDisk(event: ProposedEvent): number {
    return event.data.byteLength + event.customMetadata.byteLength + event.type.length * 2;
  }

  /** Whether any of these events belongs to a write not replicated yet. */
  notReady(events: readonly ProposedEvent[]): boolean {
    return events.some((e) => this.replicating.has(e.id));
  }

  /** Waits out the write's replication, its ids "not ready" meanwhile. */
  async replicate(events: readonly ProposedEvent[]): Promise<void> {
    if (this.replicationMs <= 0) return;
    for (const e of events) this.replicating.add(e.id);
    await new Promise((resolve) => setTimeout(resolve, this.replicationMs));
    for (const e of events) this.replicating.delete(e.id);
  }

  /** Counts a committed write and says whether its answer is to be lost. */
  loseAnswer(): boolean {
    this.written++;
    return this.loseEveryNthAnswer > 0 && this.written % this.loseEveryNthAnswer === 0;
  }
}
