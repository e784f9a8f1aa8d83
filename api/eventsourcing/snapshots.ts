import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Decider, DomainEvent, SnapshotCodec } from '../../domain/decider';

/** A stream's state encoded at a revision, and the id of the event at that revision. */
export interface StoredSnapshot {
  stream: string;
  version: string;
  revision: bigint;
  eventId: string;
  state: Record<string, unknown>;
}

/** Where snapshots are kept: the database, whichever store holds the events. */
export interface SnapshotStore {
  read(stream: string, version: string): Promise<StoredSnapshot | undefined>;
  /**
   * Replaces the stream's snapshot of that version. Any snapshot is right for its revision, so the
   * last write wins: an older one costs time only, and one whose event is gone gets replaced.
   */
  write(snapshot: StoredSnapshot): Promise<void>;
}

/** Snapshots in the `stream_snapshots` table of PostgreSQL or PGlite. */
export class PostgresSnapshotStore implements SnapshotStore {
  constructor(private readonly db: Kysely<unknown>) {}

  async read(stream: string, version: string): Promise<StoredSnapshot | undefined> {
    const { rows } = await sql<{ revision: string; event_id: string; state: Record<string, unknown> }>`
      SELECT revision::text AS revision, event_id::text AS event_id, state FROM stream_snapshots
       WHERE stream_id = ${stream} AND version = ${version}`.execute(this.db);
    const row = rows[0];
    if (!row) return undefined;
    return { stream, version, revision: BigInt(row.revision), eventId: row.event_id, state: row.state };
  }

  async write(s: StoredSnapshot): Promise<void> {
    await sql`
      INSERT INTO stream_snapshots (stream_id, version, revision, event_id, state)
      VALUES (${s.stream}, ${s.version}, ${s.revision.toString()}::bigint, ${s.eventId}::uuid, ${JSON.stringify(s.state)}::jsonb)
      ON CONFLICT (stream_id, version) DO UPDATE
        SET revision = excluded.revision, event_id = excluded.event_id, state = excluded.state, taken_at = now()`.execute(
      this.db,
    );
  }
}

/**
 * The key snapshots of a decider are kept under. The codec's version covers what the source
 * cannot show (a helper `evolve` calls, an event's meaning); the fingerprint of the source of
 * `evolve`, `initialState` and the codec makes any edit of them a new version by itself, so a
 * snapshot is never read back by code that would have folded the events differently.
 */
export function snapshotVersion<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  codec: SnapshotCodec<State>,
): string {
  const source = [decider.evolve, decider.initialState, codec.encode, codec.decode].map(String).join('\n');
  return `${codec.version}.${createHash('sha256').update(source).digest('hex').slice(0, 16)}`;
}

export interface SnapshotsOptions {
  /** Events folded since the last snapshot of a stream that make the next one worth writing. */
  every?: number;
  /** A write that failed costs only time on the next cold load; it is reported here. */
  onWriteFailed?: (stream: string, error: unknown) => void;
}

/**
 * When and how snapshots are written: every so many events, in the background (a command never
 * waits for one), one write per stream at a time.
 */
export class Snapshots {
  readonly every: number;
  private readonly writing = new Map<string, Promise<void>>();

  constructor(
    private readonly store: SnapshotStore,
    private readonly options: SnapshotsOptions = {},
  ) {
    this.every = options.every ?? 200;
    if (!Number.isSafeInteger(this.every) || this.every < 1)
      throw new RangeError('Snapshots are taken every 1 or more events');
  }

  read(stream: string, version: string): Promise<StoredSnapshot | undefined> {
    return this.store.read(stream, version);
  }

  /** Starts writing the snapshot unless one of this stream is being written already. */
  take(snapshot: StoredSnapshot): void {
    const key = `${snapshot.version}/${snapshot.stream}`;
    if (this.writing.has(key)) return;
    const write = this.store
      .write(snapshot)
      .catch((error: unknown) => this.options.onWriteFailed?.(snapshot.stream, error))
      .finally(() => this.writing.delete(key));
    this.writing.set(key, write);
  }

  /** Resolves once every write started so far has ended (before the database closes). */
  async settle(): Promise<void> {
    while (this.writing.size > 0) await Promise.all(this.writing.values());
  }
}
