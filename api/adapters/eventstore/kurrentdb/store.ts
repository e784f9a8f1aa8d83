import { EventEmitter } from 'node:events';
import {
  ANY,
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START as FROM_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  excludeSystemEvents,
  type AllStreamRecordedEvent,
  type AllStreamSubscription,
  type AppendStreamState,
  type ReadRevision,
} from '@kurrent/kurrentdb-client';
import {
  type AppendedListener,
  type AppendOutcome,
  type AppendResult,
  type EventStore,
  type ExpectedStreamState,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type ReadStreamOptions,
  type ReadStreamPageOptions,
  type RecordedEvent,
  type StreamAppend,
  type StreamPage,
  type UnreadableEvent,
  WrongExpectedVersionError,
} from '../../../../domain/eventstore/types';
import { appendOneByOne } from '../append-each';
import { assertAppendable, assertPageRequest, pageOf } from '../../../../domain/eventstore/validation';
import { formatCheckpoint, isAfter, parseCheckpoint, type LogPosition, type LogStart } from './checkpoint';
import { DEFAULT_DEADLINE_MS, deadlineOf, isUnavailable, translateError, withDeadline } from './errors';
import {
  appendAttemptOf,
  isSystemEvent,
  newAppendAttempt,
  toKurrentEvents,
  toRecorded,
  whyUnreadable,
  type StoredEvent,
} from './events';

/** Pause before the live hint subscription is reopened after KurrentDB dropped it. */
const RESUBSCRIBE_MS = 5_000;

function streamState(expected: ExpectedStreamState): AppendStreamState {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (expected < 0n) throw new RangeError('An expected revision is 0 or more');
      return expected;
  }
}

/** Where a copy of the append's events would sit if it is already stored. */
function storedFrom(expected: ExpectedStreamState): bigint | 'tail' {
  if (expected === 'no_stream') return 0n;
  if (typeof expected === 'bigint') return expected + 1n;
  return 'tail';
}

interface StoredCopy {
  lastRevision: bigint;
  /** True when this very append call wrote the events, false when an earlier one did. */
  ours: boolean;
}

/**
 * The event store on KurrentDB (EventStoreDB). Checkpoints are "commit:prepare" log positions;
 * projections keep them, with the read models, in PostgreSQL/PGlite.
 */
export class KurrentEventStore implements EventStore {
  readonly kind = 'kurrentdb' as const;
  private readonly appended = new EventEmitter();
  private subscription: AllStreamSubscription | undefined;
  private resubscribe: NodeJS.Timeout | undefined;
  private closed = false;

  /**
   * `deadlineMs` bounds every call: the client leaves batch appends and the bridge's reads
   * waiting for as long as a stalled node keeps the connection open.
   */
  constructor(
    private readonly client: KurrentDBClient,
    private readonly deadlineMs = DEFAULT_DEADLINE_MS,
  ) {
    this.appended.setMaxListeners(0);
  }

  async append(
    stream: string,
    events: readonly NewEvent[],
    options: { expected: ExpectedStreamState },
  ): Promise<AppendResult> {
    assertAppendable(stream, events);
    const state = streamState(options.expected);
    if (options.expected !== 'no_stream') {
      const stored = await this.storedAtTail(stream, events);
      if (stored !== undefined) return { nextRevision: stored, idempotent: true };
    }
    const attempt = newAppendAttempt();
    let written: bigint;
    try {
      const result = await withDeadline(
        this.client.appendToStream(stream, toKurrentEvents(events, attempt), {
          streamState: state,
          // A batch append carries its deadline as the client's clock time, and the server
          // measures it against its own (`GetRequestedTimeout`, src/KurrentDB.Core/Services/
          // Transport/Grpc/Streams.BatchAppend.cs): a client clock 10 s behind would see every
          // append time out at once. The server's own write timeout bounds the write instead,
          // and `withDeadline` bounds the wait by this process's clock.
          deadline: Infinity,
        }),
        this.deadlineMs,
        `an append to ${stream}`,
      );
      written = result.nextExpectedRevision;
    } catch (error) {
      return this.afterFailedAppend(stream, events, options.expected, attempt, error);
    }
    this.announce(events.map((e) => e.type));
    // The server answers a deduplicated retry exactly like the first write; the stored mark tells
    // them apart. The append is committed whatever this read answers: a read that fails (a node
    // that lost leadership meanwhile, say) must not make the caller write the events again.
    const copy = await this.storedCopy(stream, events, attempt, written - BigInt(events.length) + 1n).catch(
      () => undefined,
    );
    return { nextRevision: written, idempotent: copy !== undefined && !copy.ours };
  }

  /** The server answers an append once it is readable from $all: nothing to wait for. */
  async awaitVisible(): Promise<void> {}

  /** One append per stream: the server batches its own writes, and the adapter stays thin. */
  appendEach(appends: readonly StreamAppend[]): Promise<AppendOutcome[]> {
    return appendOneByOne(this, appends);
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    if (maxCount <= 0) return [];
    try {
      const stored = await this.readStored(stream, options.fromRevision ?? FROM_START, maxCount, false);
      return stored.map(toRecorded);
    } catch (error) {
      throw translateError(error);
    }
  }

  async readStreamPage(stream: string, options: ReadStreamPageOptions): Promise<StreamPage> {
    assertPageRequest(options);
    try {
      const stored = await this.readStored(stream, options.fromRevision, options.limit, false);
      return pageOf(stored.map(toRecorded), options.limit);
    } catch (error) {
      throw translateError(error);
    }
  }

  async readAll({ after, limit, types }: ReadAllOptions): Promise<ReadAllResult> {
    const from = parseCheckpoint(after);
    if (limit <= 0) return { events: [], next: after, atEnd: false };
    const events: RecordedEvent[] = [];
    const unreadable: UnreadableEvent[] = [];
    const wanted = types ? new Set(types) : undefined;
    // A typed read looks at `limit` events of any type (the port's rule), an untyped one returns `limit`.
    let looked = 0;
    const counted = () => (wanted ? looked : events.length);
    let cursor: LogPosition | LogStart = from;
    try {
      for (;;) {
        // readAll includes the event at fromPosition itself: ask for one more and drop it below.
        const want = limit - counted() + 1;
        const before = cursor;
        const page = await withDeadline(this.readLog(cursor, want), this.deadlineMs, 'a read of $all');
        for (const event of page) {
          if (!isAfter(event.position, cursor) || counted() === limit) continue;
          cursor = event.position;
          if (isSystemEvent(event)) continue;
          looked++;
          // Filtered here, not by the server: a filtered read answers the matching events only, so
          // how far a page without a match read would be lost, and read again the next time.
          if (wanted && !wanted.has(event.type)) continue;
          const why = whyUnreadable(event);
          if (why) unreadable.push({ id: event.id, streamName: event.streamId, reason: why });
          else events.push(toRecorded(event));
        }
        // Stop at the end of the log or with a full page; skipped events must not end a page early.
        if (page.length < want || counted() === limit || cursor === before) break;
      }
    } catch (error) {
      throw translateError(error);
    }
    const next = cursor === 'start' ? after : formatCheckpoint(cursor);
    const atEnd = counted() < limit;
    return unreadable.length > 0 ? { events, next, atEnd, unreadable } : { events, next, atEnd };
  }

  /** Tells the listeners the types of events just stored, by this process or another. */
  private announce(types: readonly string[]): void {
    this.appended.emit('appended', types);
  }

  onAppended(listener: AppendedListener): () => void {
    this.appended.on('appended', listener);
    this.watchOtherWriters();
    return () => {
      this.appended.off('appended', listener);
      if (this.appended.listenerCount('appended') === 0) this.stopWatching();
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.appended.removeAllListeners();
    this.stopWatching();
    await this.client.dispose();
  }

  /**
   * A refused or unanswered append may still have its events stored: by an earlier copy of the same
   * append (KurrentDB drops a retry that arrives before the first copy is replicated, and the retry
   * times out), or by this call when only the answer was lost.
   */
  private async afterFailedAppend(
    stream: string,
    events: readonly NewEvent[],
    expected: ExpectedStreamState,
    attempt: string,
    error: unknown,
  ): Promise<AppendResult> {
    const conflict = error instanceof KurrentWrongExpectedVersionError;
    if (!conflict && !isUnavailable(error)) throw translateError(error, `an append to ${stream}`);
    let copy: StoredCopy | undefined;
    try {
      copy = await this.storedCopy(stream, events, attempt, storedFrom(expected));
    } catch (readError) {
      throw translateError(conflict ? readError : error);
    }
    if (copy) {
      if (copy.ours) this.announce(events.map((e) => e.type));
      return { nextRevision: copy.lastRevision, idempotent: !copy.ours };
    }
    if (conflict) throw new WrongExpectedVersionError(stream, expected, error.actualState);
    throw translateError(error);
  }

  /**
   * The stream's last revision when its last events are exactly these (same ids, same order).
   * KurrentDB checks ids only from the expected revision + 1 on (`IndexWriter.CheckCommit`,
   * src/KurrentDB.Core/Services/Storage/ReaderIndex/IndexWriter.cs), and for `any` and
   * `stream_exists` only in the leader's in-memory cache of recent writes, which a restart or a
   * failover empties: a retry at the revision the first write left would be written again. Read
   * from the leader, so a lagging follower cannot hide a write.
   */
  private async storedAtTail(stream: string, events: readonly NewEvent[]): Promise<bigint | undefined> {
    try {
      const tail = await this.storedCopy(stream, events, undefined, 'tail');
      return tail?.lastRevision;
    } catch (error) {
      throw translateError(error, `an append to ${stream}`);
    }
  }

  /** The stored copy of exactly these events, consecutive from `from` (or at the stream's end). */
  private async storedCopy(
    stream: string,
    events: readonly NewEvent[],
    attempt: string | undefined,
    from: bigint | 'tail',
  ): Promise<StoredCopy | undefined> {
    if (from !== 'tail' && from < 0n) return undefined;
    const stored =
      from === 'tail'
        ? (await this.readStored(stream, END, events.length, true, BACKWARDS)).reverse()
        : await this.readStored(stream, from, events.length, true);
    if (stored.length !== events.length) return undefined;
    for (const [i, event] of events.entries()) {
      const found = stored[i];
      if (!found || found.id.toLowerCase() !== event.id.toLowerCase()) return undefined;
      if (i > 0 && found.revision !== (stored[i - 1]?.revision ?? -1n) + 1n) return undefined;
    }
    const first = stored[0];
    const last = stored.at(-1);
    if (!first || !last) return undefined;
    return { lastRevision: last.revision, ours: attempt !== undefined && appendAttemptOf(first) === attempt };
  }

  /** Up to `maxCount` entries of $all from `from` on, the event at `from` included. */
  private async readLog(from: LogPosition | LogStart, maxCount: number): Promise<AllStreamRecordedEvent[]> {
    const read: AllStreamRecordedEvent[] = [];
    for await (const resolved of this.client.readAll({
      fromPosition: from === 'start' ? FROM_START : from,
      maxCount,
      direction: FORWARDS,
      resolveLinkTos: false,
    })) {
      if (resolved.event) read.push(resolved.event);
    }
    return read;
  }

  private readStored(
    stream: string,
    fromRevision: ReadRevision,
    maxCount: number,
    requiresLeader: boolean,
    direction: typeof FORWARDS | typeof BACKWARDS = FORWARDS,
  ): Promise<StoredEvent[]> {
    return withDeadline(
      this.readStoredNow(stream, fromRevision, maxCount, requiresLeader, direction),
      this.deadlineMs,
      `a read of ${stream}`,
    );
  }

  private async readStoredNow(
    stream: string,
    fromRevision: ReadRevision,
    maxCount: number,
    requiresLeader: boolean,
    direction: typeof FORWARDS | typeof BACKWARDS,
  ): Promise<StoredEvent[]> {
    const stored: StoredEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, {
        fromRevision,
        maxCount,
        direction,
        requiresLeader,
        resolveLinkTos: false,
      })) {
        if (resolved.event) stored.push(resolved.event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return stored;
  }

  /** Events appended by other processes reach this one through a live subscription, as a hint only. */
  private watchOtherWriters(): void {
    if (this.closed || this.subscription || this.resubscribe) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.subscription = subscription;
    const reopen = () => {
      if (this.subscription !== subscription) return;
      this.subscription = undefined;
      if (this.closed || this.appended.listenerCount('appended') === 0) return;
      this.resubscribe = setTimeout(() => {
        this.resubscribe = undefined;
        this.watchOtherWriters();
      }, RESUBSCRIBE_MS);
      this.resubscribe.unref();
    };
    subscription.on('data', (resolved) => this.announce(resolved.event ? [resolved.event.type] : []));
    // Readers poll as well, so a dropped hint costs latency only.
    subscription.on('error', reopen);
    subscription.on('end', reopen);
  }

  private stopWatching(): void {
    clearTimeout(this.resubscribe);
    this.resubscribe = undefined;
    const subscription = this.subscription;
    this.subscription = undefined;
    subscription?.unsubscribe().catch(() => undefined);
  }
}

/** Connects to KurrentDB from a connection string (kurrentdb://host:2113?tls=false) and checks it answers. */
export async function connectKurrent(url: string): Promise<KurrentEventStore> {
  const client = KurrentDBClient.connectionString(url);
  const deadlineMs = deadlineOf(url);
  try {
    // Reading one event of $all proves the node is reachable and this user may read the log.
    const probe = client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 });
    await withDeadline(probe.next(), deadlineMs, 'a first read of $all');
    await probe.return?.(undefined);
  } catch (error) {
    await client.dispose().catch(() => undefined);
    throw translateError(error);
  }
  return new KurrentEventStore(client, deadlineMs);
}
