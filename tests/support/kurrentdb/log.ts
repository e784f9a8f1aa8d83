/**
 * The transaction log of the KurrentDB stand-in: streams, $all and the append decision, kept in
 * memory. The rules follow KurrentDB's own, each cited where it is kept.
 */

/** KurrentDB's wire codes for an expected state that is not a revision (shared.proto, v2 streams.proto). */
export type ExpectedState = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface ProposedEvent {
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
}

export interface LogRecord extends ProposedEvent {
  stream: string;
  revision: bigint;
  /**
   * Byte offset of the record in the log. An append writes each event as its own committed
   * prepare record, so an event's commit and prepare positions are both this offset
   * (KurrentDB `AllReader.ReadAllEventsForward`: `new CommitEventRecord(eventRecord, prepare.LogPosition)`).
   */
  position: bigint;
  /** .NET ticks (100 ns) since the Unix epoch: the "created" entry of a read event's metadata. */
  created: bigint;
}

/** What a read sees of the log: all of it on the leader, an older prefix on a lagging follower. */
export interface LogView {
  readonly all: readonly LogRecord[];
  stream(name: string): readonly LogRecord[] | 'deleted' | undefined;
  indexAt(position: bigint): number;
}

export type AppendDecision =
  | { kind: 'written'; first: bigint; last: bigint; position: bigint }
  | { kind: 'idempotent'; first: bigint; last: bigint; position: bigint }
  | { kind: 'wrong_expected_version'; current: bigint | 'no_stream' }
  | { kind: 'stream_deleted' };

/** Fixed bytes of a prepare record besides its variable parts (KurrentDB `PrepareLogRecord`, v1 layout). */
const RECORD_OVERHEAD = 88n;
const TICKS_PER_MS = 10_000n;

/**
 * An append-only log. A global position "consists of two coordinates: the commit position ...
 * and the prepare position" (client docs, docs/api/reading-events.md); both are byte offsets into
 * the log, so they only grow: each record starts where the previous one ended. $all returns
 * "event records in the sequence they were committed" (KurrentDB `IAllReader`), each once.
 */
export class TransactionLog implements LogView {
  readonly all: LogRecord[] = [];
  private readonly streams = new Map<string, LogRecord[]>();
  private readonly tombstoned = new Set<string>();
  /** Event id → the record holding it: the server's committed-events cache, kept whole here. */
  private readonly byId = new Map<string, LogRecord>();
  private readonly listeners = new Set<() => void>();
  private end: bigint;

  constructor(
    /** The node's clock (a test may set it apart from the client's). */
    public now: () => number = Date.now,
    start = 0n,
  ) {
    this.end = start;
  }

  /** Where the next record would start: the position a backwards read "from the end" starts at. */
  get endPosition(): bigint {
    return this.end;
  }

  stream(name: string): readonly LogRecord[] | 'deleted' | undefined {
    if (this.tombstoned.has(name)) return 'deleted';
    return this.streams.get(name);
  }

  /**
   * The log as a follower `behind` records behind the leader sees it. Followers serve reads that
   * do not require the leader from their own copy, which trails the leader's (KurrentDB docs,
   * "Cluster": "followers ... can serve reads"; `requiresLeader` exists to avoid that).
   */
  lagging(behind: number): LogView {
    const all = this.all.slice(0, Math.max(0, this.all.length - behind));
    const visible = new Set(all);
    return {
      all,
      stream: (name) => {
        const stored = this.stream(name);
        return stored === 'deleted' || !stored ? stored : stored.filter((r) => visible.has(r));
      },
      indexAt: (position) => Math.min(this.indexAt(position), all.length),
    };
  }

  /**
   * Forgets which event ids were written, as a leader's restart or a failover does: KurrentDB
   * keeps them for `any` and `stream_exists` appends in an in-memory cache of the leader's own
   * recent commits (`IndexWriter`'s committed-events cache), not in the index.
   */
  forgetIdCache(): void {
    this.byId.clear();
  }

  /** Calls `listener` after every write; returns the unsubscribe function. */
  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A hard delete: the stream can never be written or read again (KurrentDB docs, "Deleting events"). */
  tombstone(name: string): void {
    this.tombstoned.add(name);
  }

  /**
   * KurrentDB's commit check, as `IndexWriter.CheckCommit` (src/KurrentDB.Core/Services/Storage/
   * ReaderIndex/IndexWriter.cs) decides it:
   * - a specific revision or no_stream (-1) at the stream's end writes; beyond the end is a
   *   wrong expected version; behind the end, the events already stored from that revision on
   *   with the same ids make the append idempotent, and anything else is a wrong expected version
   *   (a partial match is "corrupted idempotency", reported the same way);
   * - any and stream_exists are idempotent when the first event id is already in the stream and
   *   so are all the others; stream_exists on a missing stream is a wrong expected version.
   * The client docs say the same of ids: "If two events with the same UUID are appended to the
   * same stream in quick succession, KurrentDB will only append one of the events to the stream"
   * (docs/api/appending-events.md, "eventId").
   */
  append(name: string, events: readonly ProposedEvent[], expected: ExpectedState): AppendDecision {
    if (this.tombstoned.has(name)) return { kind: 'stream_deleted' };
    const stored = this.streams.get(name) ?? [];
    const current = BigInt(stored.length) - 1n;
    const currentState = current < 0n ? ('no_stream' as const) : current;
    const wrong = { kind: 'wrong_expected_version' as const, current: currentState };
    if (expected === 'stream_exists' && current < 0n) return wrong;
    if (expected === 'any' || expected === 'stream_exists') {
      const known = events.map((e) => this.byId.get(e.id));
      const first = known[0];
      if (!first || first.stream !== name) return this.write(name, stored, events);
      if (known.some((k) => !k || k.stream !== name)) return wrong;
      const last = known.at(-1)!;
      return { kind: 'idempotent', first: first.revision, last: last.revision, position: last.position };
    }
    const expectedRevision = expected === 'no_stream' ? -1n : expected;
    if (expectedRevision === current) return this.write(name, stored, events);
    if (expectedRevision > current) return wrong;
    const copy = events.map((e, i) => stored[Number(expectedRevision + 1n) + i]);
    if (copy.every((c, i) => c?.id === events[i]?.id) && copy.length > 0) {
      const last = copy.at(-1)!;
      return {
        kind: 'idempotent',
        first: expectedRevision + 1n,
        last: last.revision,
        position: last.position,
      };
    }
    return wrong;
  }

  private write(name: string, stored: LogRecord[], events: readonly ProposedEvent[]): AppendDecision {
    const created = BigInt(this.now()) * TICKS_PER_MS;
    const first = BigInt(stored.length);
    for (const event of events) {
      const record: LogRecord = {
        ...event,
        stream: name,
        revision: BigInt(stored.length),
        position: this.end,
        created,
      };
      this.end +=
        RECORD_OVERHEAD +
        BigInt(Buffer.byteLength(name) + Buffer.byteLength(event.type)) +
        BigInt(event.data.byteLength + event.customMetadata.byteLength);
      stored.push(record);
      this.all.push(record);
      this.byId.set(event.id, record);
    }
    this.streams.set(name, stored);
    const last = stored.at(-1)!;
    for (const listener of this.listeners) listener();
    return { kind: 'written', first, last: last.revision, position: last.position };
  }

  /** Index in `all` of the first record at or after `position`. */
  indexAt(position: bigint): number {
    let low = 0;
    let high = this.all.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.all[mid]!.position < position) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
