import { EventEmitter } from 'node:events';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  type AppendedListener,
  type AppendOutcome,
  type AppendResult,
  type Checkpoint,
  type EventStore,
  EventStoreUnavailableError,
  type ExpectedStreamState,
  InvalidEventError,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type ReadStreamOptions,
  type ReadStreamPageOptions,
  type RecordedEvent,
  type StreamAppend,
  type StreamPage,
  WrongExpectedVersionError,
} from '../../../../domain/eventstore/types';
import { appendOneByOne } from '../append-each';
import { assertAppendable, assertPageRequest, pageOf } from '../../../../domain/eventstore/validation';
import { formatCheckpoint, parseCheckpoint } from './checkpoint';
import {
  EVENT_COLUMNS,
  eventRowsOfJson,
  eventsAsJson,
  selectEvents,
  toRecorded,
  type EventRow,
} from './event-rows';
import { isConnectionFailure, pgErrorCode } from './errors';

/** The log's order, as catch-up reads follow it. */
const LOG_ORDER = sql`e.epoch, e.tx_id, e.global_position`;

/** The last event a typed read looked at, where the next read continues. */
interface LastLooked {
  last_epoch: number;
  last_tx: string;
  last_position: string;
  looked: number;
}

/** A row of a typed read: an event of the page, or none (nulls), beside the last event looked at. */
type PageRow = { [K in keyof EventRow]: EventRow[K] | null } & LastLooked;

function expectedText(expected: ExpectedStreamState): string {
  if (typeof expected === 'bigint') {
    if (expected < 0n) throw new RangeError('An expected revision is 0 or more');
    return expected.toString();
  }
  return expected;
}

/**
 * The event store on PostgreSQL or PGlite: one implementation, the same SQL, told apart only by
 * the kysely dialect it is given.
 */
export class PostgresEventStore implements EventStore {
  private readonly appended = new EventEmitter();

  constructor(
    private readonly db: Kysely<unknown>,
    readonly kind: 'postgres' | 'pglite',
  ) {
    this.appended.setMaxListeners(0);
  }

  async append(
    stream: string,
    events: readonly NewEvent[],
    options: { expected: ExpectedStreamState },
  ): Promise<AppendResult> {
    assertAppendable(stream, events);
    const expected = expectedText(options.expected);
    const ids = events.map((e) => e.id.toLowerCase());
    try {
      const { rows } = await sql<{ last_revision: string; idempotent: boolean }>`
        SELECT last_revision::text AS last_revision, idempotent FROM es_append(
          ${stream}, ${expected}, ${ids}::uuid[], ${events.map((e) => e.type)}::text[],
          ${events.map((e) => JSON.stringify(e.data))}::jsonb[],
          ${events.map((e) => JSON.stringify(e.metadata ?? {}))}::jsonb[])`.execute(this.db);
      const row = rows[0];
      if (!row) throw new Error('es_append returned nothing');
      if (!row.idempotent) this.announce(events);
      return { nextRevision: BigInt(row.last_revision), idempotent: row.idempotent };
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === 'ES422') throw new InvalidEventError(`Event id ${(error as Error).message}`);
      if (code === 'ES409' || code === '23505') {
        // A concurrent copy of the same append may have won the race; that is a success.
        const stored = await this.storedRevisionOf(stream, ids);
        if (stored !== undefined) return { nextRevision: stored, idempotent: true };
        const actual = code === 'ES409' ? (error as Error).message : await this.currentRevision(stream);
        throw new WrongExpectedVersionError(
          stream,
          options.expected,
          actual === 'no_stream' ? 'no_stream' : /^\d+$/.test(actual) ? BigInt(actual) : 'unknown',
        );
      }
      throw this.translate(error);
    }
  }

  /**
   * Every append in one statement and one commit (`es_append_batch`), the streams locked in name
   * order so two such statements never wait on each other in a cycle. If any of them is refused
   * (a conflict, a retry, an id taken), the statement writes nothing and each append is made
   * alone, answering exactly as `append`; so is a batch naming a stream twice.
   */
  async appendEach(appends: readonly StreamAppend[]): Promise<AppendOutcome[]> {
    if (appends.length <= 1) return appendOneByOne(this, appends);
    let requests: {
      index: number;
      stream: string;
      expected: ExpectedStreamState;
      events: readonly NewEvent[];
    }[];
    try {
      requests = appends
        .map(({ stream, events, expected }, index) => {
          assertAppendable(stream, events);
          expectedText(expected); // refuses a negative revision, as append does
          return { index, stream, expected, events };
        })
        .sort((a, b) => (a.stream < b.stream ? -1 : a.stream > b.stream ? 1 : 0));
    } catch {
      return appendOneByOne(this, appends);
    }
    if (requests.some((r, i) => i > 0 && requests[i - 1]!.stream === r.stream))
      return appendOneByOne(this, appends);
    const streams = JSON.stringify(
      requests.map((r, i) => ({
        n: i + 1,
        stream: r.stream,
        expected: typeof r.expected === 'bigint' ? null : r.expected,
        revision: typeof r.expected === 'bigint' ? r.expected.toString() : null,
        count: r.events.length,
      })),
    );
    const events = JSON.stringify(
      requests.flatMap((r, i) =>
        r.events.map((e, at) => ({
          n: i + 1,
          at,
          id: e.id.toLowerCase(),
          type: e.type,
          data: e.data,
          metadata: e.metadata ?? {},
        })),
      ),
    );
    let rows: { n: number; last_revision: string }[];
    try {
      ({ rows } = await sql<{ n: number; last_revision: string }>`
        SELECT n, last_revision::text AS last_revision
          FROM es_append_batch(${streams}::jsonb, ${events}::jsonb)`.execute(this.db));
    } catch (error) {
      if (isConnectionFailure(error)) throw this.translate(error);
      return appendOneByOne(this, appends);
    }
    const outcomes: AppendOutcome[] = new Array<AppendOutcome>(appends.length);
    for (const row of rows)
      outcomes[requests[row.n - 1]!.index] = {
        ok: true,
        result: { nextRevision: BigInt(row.last_revision), idempotent: false },
      };
    this.announce(requests.flatMap((r) => r.events));
    return outcomes;
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    // LIMIT NULL is no limit: without maxCount the whole stream is read, never silently cut.
    return this.readRange(stream, options.fromRevision ?? 0n, options.maxCount ?? null);
  }

  async readStreamPage(stream: string, options: ReadStreamPageOptions): Promise<StreamPage> {
    assertPageRequest(options);
    return pageOf(await this.readRange(stream, options.fromRevision, options.limit), options.limit);
  }

  private async readRange(stream: string, from: bigint, limit: number | null): Promise<RecordedEvent[]> {
    try {
      const rows = await selectEvents(
        this.db,
        this.kind,
        sql`e.stream_id = ${stream} AND e.stream_revision >= ${from.toString()}::bigint`,
        sql`e.stream_revision`,
        limit,
      );
      return rows.map(toRecorded);
    } catch (error) {
      throw this.translate(error);
    }
  }

  async readAll({ after, limit, types }: ReadAllOptions): Promise<ReadAllResult> {
    const from = parseCheckpoint(after);
    // Past `after`, and visible: committed by a transaction no running one can precede.
    const unread = sql`(e.epoch, e.tx_id, e.global_position) > (${from.epoch}::int, ${from.tx}::xid8, ${from.position}::bigint)
           AND (e.epoch < (SELECT epoch FROM es_epoch) OR e.tx_id < pg_snapshot_xmin(pg_current_snapshot()))`;
    try {
      if (types) return await this.readAllOf(types, after, limit, unread);
      // Ordering columns are qualified: an output alias of the same name would sort as text.
      const rows = await selectEvents(this.db, this.kind, unread, LOG_ORDER, limit);
      const events = rows.map(toRecorded);
      const last = events.at(-1);
      return { events, next: last ? last.position : after, atEnd: events.length < limit };
    } catch (error) {
      throw this.translate(error);
    }
  }

  /**
   * The events of `types` among the next `limit` events of the log, and the last of those `limit`,
   * where the next read continues. The window is read in log order on the catch-up index as any
   * read is; filtering it first (a plan chosen for the filter) made PostgreSQL scan the whole rest
   * of the log in parallel and sort it, 130 ms a read at 94,000 events.
   */
  private async readAllOf(
    types: readonly string[],
    after: Checkpoint,
    limit: number,
    unread: RawBuilder<unknown>,
  ): Promise<ReadAllResult> {
    const window = sql`
      WITH win AS (
        SELECT e.* FROM es_events e WHERE ${unread}
         ORDER BY ${LOG_ORDER} LIMIT ${limit}),
      last AS (
        SELECT epoch, tx_id, global_position, (SELECT count(*) FROM win) AS looked
          FROM win ORDER BY epoch DESC, tx_id DESC, global_position DESC LIMIT 1)`;
    const lastColumns = sql`l.epoch AS last_epoch, l.tx_id::text AS last_tx,
      l.global_position::text AS last_position, l.looked::int AS looked`;
    let events: RecordedEvent[];
    let last: LastLooked | undefined;
    if (this.kind === 'pglite') {
      // One row: the last event looked at, and the page's events as one JSON text (event-rows.ts).
      const { rows } = await sql<LastLooked & { page: string }>`${window}
        SELECT ${lastColumns},
               (SELECT ${eventsAsJson(LOG_ORDER)} FROM win e WHERE e.type = ANY(${types}::text[])) AS page
          FROM last l`.execute(this.db);
      const row = rows[0];
      last = row;
      events = row ? eventRowsOfJson(row.page).map(toRecorded) : [];
    } else {
      const { rows } = await sql<PageRow>`${window}
        SELECT ${EVENT_COLUMNS}, ${lastColumns}
          FROM last l LEFT JOIN win e ON e.type = ANY(${types}::text[])
         ORDER BY ${LOG_ORDER}`.execute(this.db);
      last = rows[0];
      events = rows.flatMap((r) => (r.event_id === null ? [] : [toRecorded(r as EventRow)]));
    }
    if (!last) return { events, next: after, atEnd: true };
    return {
      events,
      next: formatCheckpoint({ epoch: last.last_epoch, tx: last.last_tx, position: last.last_position }),
      atEnd: last.looked < limit,
    };
  }

  async awaitVisible(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    try {
      // Every transaction id below the snapshot's xmax had started by now; once all of them have
      // ended, catch-up reads whatever they committed.
      const { rows } = await sql<{ xmax: string }>`
        SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`.execute(this.db);
      const xmax = rows[0]!.xmax;
      for (;;) {
        const { rows: now } = await sql<{ passed: boolean }>`
          SELECT pg_snapshot_xmin(pg_current_snapshot()) >= ${xmax}::xid8 AS passed`.execute(this.db);
        if (now[0]?.passed) return;
        if (Date.now() > deadline)
          throw new Error('Events committed earlier are still behind the catch-up horizon');
        await new Promise((r) => setTimeout(r, 10));
      }
    } catch (error) {
      throw this.translate(error);
    }
  }

  onAppended(listener: AppendedListener): () => void {
    this.appended.on('appended', listener);
    return () => this.appended.off('appended', listener);
  }

  /** Tells the listeners the types of the events just stored. */
  private announce(events: readonly NewEvent[]): void {
    this.appended.emit(
      'appended',
      events.map((e) => e.type),
    );
  }

  async close(): Promise<void> {
    this.appended.removeAllListeners();
  }

  /** The stream's last revision when exactly these ids are stored consecutively in it, else undefined. */
  private async storedRevisionOf(stream: string, ids: readonly string[]): Promise<bigint | undefined> {
    const { rows } = await sql<{ stream_id: string; stream_revision: string; event_id: string }>`
      SELECT stream_id, stream_revision::text AS stream_revision, event_id::text AS event_id
        FROM es_events WHERE event_id = ANY(${ids}::uuid[])`.execute(this.db);
    if (rows.length !== ids.length) return undefined;
    const byId = new Map(rows.map((r) => [r.event_id, r]));
    const first = byId.get(ids[0] ?? '');
    if (!first || first.stream_id !== stream) return undefined;
    const start = BigInt(first.stream_revision);
    for (const [i, id] of ids.entries()) {
      const row = byId.get(id);
      if (!row || row.stream_id !== stream || BigInt(row.stream_revision) !== start + BigInt(i))
        return undefined;
    }
    return start + BigInt(ids.length - 1);
  }

  private async currentRevision(stream: string): Promise<string> {
    const { rows } = await sql<{ revision: string }>`
      SELECT revision::text AS revision FROM es_streams WHERE stream_id = ${stream}`.execute(this.db);
    return rows[0]?.revision ?? 'no_stream';
  }

  private translate(error: unknown): unknown {
    if (isConnectionFailure(error)) {
      return new EventStoreUnavailableError(`The event store (${this.kind}) cannot be reached`, {
        cause: error,
      });
    }
    return error;
  }
}
