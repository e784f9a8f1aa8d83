/**
 * The event-store port. Adapters (PostgreSQL/PGlite, KurrentDB) implement it; the rest of the
 * system sees only these types.
 */

/** What the caller expects of the stream before an append. A bigint is the revision (0-based) of its last event. */
export type ExpectedStreamState = 'any' | 'no_stream' | 'stream_exists' | bigint;

/** Opaque, store-specific position in the global log ("start" means before the first event). */
export type Checkpoint = string & { readonly __brand: 'Checkpoint' };
export const START = 'start' as Checkpoint;

export interface EventMetadata {
  correlationId?: string;
  causationId?: string;
  requestId?: string;
  userId?: string;
  [key: string]: unknown;
}

export type EventData = Record<string, unknown>;

export interface NewEvent<Type extends string = string, Data extends EventData = EventData> {
  /** A UUID. Deterministic wherever a retry can happen, so a retried append writes nothing. */
  id: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data extends EventData = EventData> {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  streamName: string;
  /** 0-based position of the event inside its stream. */
  revision: bigint;
  /** Position in the global log; reading all "after" it continues right behind this event. */
  position: Checkpoint;
  /** ISO-8601 UTC time the store recorded the event. */
  recordedAt: string;
}

export interface AppendResult {
  /** Revision of the stream's last event after the append. */
  nextRevision: bigint;
  /** True when the same events (same ids, same order) were already stored and nothing was written. */
  idempotent: boolean;
}

/** One stream's part of `appendEach`. */
export interface StreamAppend {
  stream: string;
  events: readonly NewEvent[];
  expected: ExpectedStreamState;
}

/** What one append of `appendEach` came to: what `append` would have answered, or its refusal. */
export type AppendOutcome =
  { ok: true; result: AppendResult } | { ok: false; error: WrongExpectedVersionError | InvalidEventError };

export interface ReadStreamOptions {
  fromRevision?: bigint;
  maxCount?: number;
}

/** The most events one `readStreamPage` returns: a page is what a reader may hold at once. */
export const MAX_STREAM_PAGE = 10_000;

export interface ReadStreamPageOptions {
  /** First revision of the page (inclusive). */
  fromRevision: bigint;
  /** Most events in the page, 1 to MAX_STREAM_PAGE. */
  limit: number;
}

export interface StreamPage {
  /** At most `limit` events of the stream, in order, from `fromRevision` on. */
  events: RecordedEvent[];
  /** Revision the next page starts at; null when the stream held nothing more when it was read. */
  next: bigint | null;
}

export interface ReadAllOptions {
  after: Checkpoint;
  limit: number;
  /**
   * Only the events of these types among the next `limit` events of the log are returned, and
   * `next` moves past all `limit`: a reader of a few types (a reactor) does not fetch and decode
   * the rest. A page may then hold none while more follow; the reader goes on until `next` stops
   * moving.
   */
  types?: readonly string[];
}

export interface ReadAllResult {
  events: RecordedEvent[];
  /** Where the next read continues; equals `after` when nothing new was visible. */
  next: Checkpoint;
  /**
   * The read looked at fewer than `limit` events: it reached the end of what is visible now, so a
   * read from `next` at once would find nothing new. A reader rests then instead of asking again.
   */
  atEnd: boolean;
  /** Events of this page that could not be read (not the product's JSON) and were stepped over. */
  unreadable?: UnreadableEvent[];
}

/** An event in the log that is not one of the product's and cannot be read as one. */
export interface UnreadableEvent {
  id: string;
  streamName: string;
  reason: string;
}

/**
 * The most bytes one event may take (its data and metadata as JSON): KurrentDB's default
 * `MaxAppendEventSize` (TFConsts.MaxLogRecordSize, 16 MiB; src/KurrentDB.Core/Configuration/
 * ClusterVNodeOptions.cs). Every adapter refuses a larger one before sending it, so the limit is
 * the same on every backend and is never met as a server's refusal.
 */
export const MAX_EVENT_BYTES = 16 * 1024 * 1024;

/**
 * What every adapter promises, whatever the server beneath it does on its own:
 * - The same events (same ids, same order) are never stored twice in a stream, whatever expected
 *   state a retry carries: a retry at the revision the first write left (the stream's current
 *   one), at the revision before it, or with `any`/`stream_exists`, answers `idempotent` and
 *   writes nothing.
 * - An append the store committed is reported committed, not unavailable, even when confirming
 *   it afterwards fails.
 * - A refusal that can never succeed (an invalid or oversized event, access denied, a request the
 *   server calls bad) is an `InvalidEventError` or an `EventStoreRefusedError`, never
 *   `EventStoreUnavailableError`, so callers do not retry it.
 * - `readAll` never stalls on an event it cannot read (another writer's non-JSON data): it steps
 *   over it and counts it in `unreadable`.
 */
/** Hears of events appended: the types of those appended (one or more). */
export type AppendedListener = (types: readonly string[]) => void;

export interface EventStore {
  readonly kind: 'postgres' | 'pglite' | 'kurrentdb' | 'memory';
  append(
    stream: string,
    events: readonly NewEvent[],
    options: { expected: ExpectedStreamState },
  ): Promise<AppendResult>;
  /**
   * Appends to several streams, each on its own terms exactly as `append` would, with no
   * atomicity across them, in as few writes as the store allows (a webhook delivery's requests).
   * A refused append is that append's outcome; an unavailable store fails the whole call.
   */
  appendEach(appends: readonly StreamAppend[]): Promise<AppendOutcome[]>;
  /**
   * Events of one stream in order, from `fromRevision` (inclusive), all of them unless `maxCount`
   * says otherwise. A missing stream reads as empty. For streams that stay short: a stream that
   * grows with use is read with `readStreamPage`.
   */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * One bounded page of a stream, so that a reader never holds a long stream at once; the page
   * says where the next one starts. A missing stream reads as one empty, last page.
   */
  readStreamPage(stream: string, options: ReadStreamPageOptions): Promise<StreamPage>;
  /** Events of every stream after a checkpoint, in an order that never changes once read. */
  readAll(options: ReadAllOptions): Promise<ReadAllResult>;
  /**
   * Resolves once every event committed before the call can be read by `readAll`. On PostgreSQL
   * a committed event stays behind the catch-up horizon until every older transaction on the
   * server has ended; "nothing to read" means "nothing yet" until then.
   */
  awaitVisible(timeoutMs?: number): Promise<void>;
  /**
   * A hint that new events may be visible, with their types, so that a reader can let pass the
   * appends of events it does not read; returns the unsubscribe function. Readers poll as well.
   */
  onAppended(listener: AppendedListener): () => void;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  readonly type = 'wrong-expected-version' as const;
  constructor(
    readonly stream: string,
    readonly expected: ExpectedStreamState,
    /** The stream's last revision, or "no_stream". Unknown when the store does not say. */
    readonly actual: bigint | 'no_stream' | 'unknown',
  ) {
    super(`Stream ${stream} was expected at ${String(expected)} but is at ${String(actual)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export class InvalidEventError extends Error {
  readonly type = 'invalid-event' as const;
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

/** The store refused a request for a reason that no retry changes (access denied, a bad request). */
export class EventStoreRefusedError extends Error {
  readonly type = 'event-store-refused' as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EventStoreRefusedError';
  }
}

export class EventStoreUnavailableError extends Error {
  readonly type = 'event-store-unavailable' as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EventStoreUnavailableError';
  }
}
