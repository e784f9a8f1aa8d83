import { sql, type Kysely } from 'kysely';
import { createPersonalDataKeys } from '../../../db/operational-migrations/2026_11_28_0001_personal_data_keys';
import { migrateEventStore } from './schema';

export interface CopyProgress {
  table: 'es_streams' | 'es_events' | 'personal_data_keys';
  copied: number;
  total: number;
}

export interface CopyOptions {
  batchSize?: number;
  onProgress?: (progress: CopyProgress) => void;
}

export interface CopyResult {
  streams: number;
  events: number;
  /** Keys of the events' personal fields: without them the copy could not read those fields. */
  keys: number;
  /** The target's epoch after the copy: above every imported event's. */
  epoch: number;
}

export class CopyTargetNotEmptyError extends Error {
  constructor(readonly events: number) {
    super(
      `The target already holds ${events} events. Copy into an empty event store ` +
        '(a new DATA_DIR folder, or a database or schema the app has not written to).',
    );
    this.name = 'CopyTargetNotEmptyError';
  }
}

interface StreamRow {
  stream_id: string;
  revision: string;
}

interface EventCopyRow {
  global_position: string;
  epoch: number;
  tx_id: string;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

async function count(db: Kysely<unknown>, table: CopyProgress['table']): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

async function copyStreams(from: Kysely<unknown>, to: Kysely<unknown>, options: CopyOptions) {
  const total = await count(from, 'es_streams');
  let copied = 0;
  let after: string | null = null;
  for (;;) {
    const { rows }: { rows: StreamRow[] } = await sql<StreamRow>`
      SELECT s.stream_id, s.revision::text AS revision FROM es_streams s
       WHERE ${after}::text IS NULL OR s.stream_id > ${after}::text
       ORDER BY s.stream_id LIMIT ${options.batchSize ?? 2000}`.execute(from);
    if (rows.length === 0) return copied;
    await sql`
      INSERT INTO es_streams (stream_id, revision)
      SELECT * FROM unnest(${rows.map((r) => r.stream_id)}::text[], ${rows.map((r) => r.revision)}::bigint[])`.execute(
      to,
    );
    copied += rows.length;
    after = rows.at(-1)!.stream_id;
    options.onProgress?.({ table: 'es_streams', copied, total });
  }
}

async function copyEventBatches(from: Kysely<unknown>, to: Kysely<unknown>, options: CopyOptions) {
  const total = await count(from, 'es_events');
  let copied = 0;
  let after = '0';
  for (;;) {
    // Text in, text out: JSON and timestamps cross over exactly, without a parse in between.
    const { rows } = await sql<EventCopyRow>`
      SELECT e.global_position::text AS global_position, e.epoch, e.tx_id::text AS tx_id, e.stream_id,
             e.stream_revision::text AS stream_revision, e.event_id::text AS event_id, e.type,
             e.data::text AS data, e.metadata::text AS metadata, e.recorded_at::text AS recorded_at
        FROM es_events e WHERE e.global_position > ${after}::bigint
       ORDER BY e.global_position LIMIT ${options.batchSize ?? 2000}`.execute(from);
    if (rows.length === 0) return copied;
    const column = <K extends keyof EventCopyRow>(key: K) => rows.map((r) => r[key]);
    await sql`
      INSERT INTO es_events (global_position, epoch, tx_id, stream_id, stream_revision, event_id, type,
                             data, metadata, recorded_at)
      OVERRIDING SYSTEM VALUE
      SELECT * FROM unnest(
        ${column('global_position')}::bigint[], ${column('epoch')}::int[], ${column('tx_id')}::xid8[],
        ${column('stream_id')}::text[], ${column('stream_revision')}::bigint[], ${column('event_id')}::uuid[],
        ${column('type')}::text[], ${column('data')}::jsonb[], ${column('metadata')}::jsonb[],
        ${column('recorded_at')}::timestamptz[])`.execute(to);
    copied += rows.length;
    after = rows.at(-1)!.global_position;
    options.onProgress?.({ table: 'es_events', copied, total });
  }
}

interface KeyRow {
  subject: string;
  key_id: string | null;
  key: string | null;
  created_at: string;
}

/**
 * The keys personal fields are sealed under (api/personal-data) live beside the events, not in
 * them; a copy of the events without them would read every personal field as erased.
 */
async function copyPersonalDataKeys(from: Kysely<unknown>, to: Kysely<unknown>, options: CopyOptions) {
  const { rows: exists } = await sql<{ t: string | null }>`
    SELECT to_regclass('personal_data_keys')::text AS t`.execute(from);
  if (!exists[0]?.t) return 0;
  await createPersonalDataKeys(to);
  const total = await count(from, 'personal_data_keys');
  let copied = 0;
  let after = '';
  for (;;) {
    const { rows } = await sql<KeyRow>`
      SELECT subject, key_id::text AS key_id, key, created_at::text AS created_at FROM personal_data_keys
       WHERE subject > ${after} ORDER BY subject LIMIT ${options.batchSize ?? 2000}`.execute(from);
    if (rows.length === 0) return copied;
    const column = <K extends keyof KeyRow>(key: K) => rows.map((r) => r[key]);
    await sql`
      INSERT INTO personal_data_keys (subject, key_id, key, created_at)
      SELECT * FROM unnest(${column('subject')}::text[], ${column('key_id')}::uuid[], ${column('key')}::text[],
                           ${column('created_at')}::timestamptz[])
      ON CONFLICT (subject) DO NOTHING`.execute(to);
    copied += rows.length;
    after = rows.at(-1)!.subject;
    options.onProgress?.({ table: 'personal_data_keys', copied, total });
  }
}

/**
 * Copies the streams and events as they are: same positions, epochs and transaction ids, so
 * checkpoints taken in the source still mean the same events. New positions continue above the
 * highest one copied. This alone leaves the events invisible to catch-up whenever the source's
 * transaction ids are above the target's; `bumpEpoch` is what makes them readable.
 */
export async function copyEventRows(
  from: Kysely<unknown>,
  to: Kysely<unknown>,
  options: CopyOptions = {},
): Promise<{ streams: number; events: number; keys: number }> {
  const already = await count(to, 'es_events');
  if (already > 0) throw new CopyTargetNotEmptyError(already);
  const streams = await copyStreams(from, to, options);
  const events = await copyEventBatches(from, to, options);
  const keys = await copyPersonalDataKeys(from, to, options);
  await sql`
    SELECT setval(pg_get_serial_sequence('es_events', 'global_position'), max(global_position))
      FROM es_events HAVING count(*) > 0`.execute(to);
  return { streams, events, keys };
}

/**
 * Moves the epoch above that of every stored event, so that catch-up reads every event already
 * stored whatever its transaction id, and every event appended from now on sorts after them.
 *
 * Run it, with the app stopped, after restoring a pg_dump (or any logical copy) of the event
 * tables into another cluster, e.g. `pg_restore -d $DATABASE_URL dump` and then
 * `bumpEpoch(db)`: the restored transaction ids come from the old cluster's counter and mean
 * nothing beside the new one's, which would hide the restored events until the new counter
 * passes them and sort new events before them. `pg_upgrade` keeps the counter and needs nothing.
 */
export async function bumpEpoch(db: Kysely<unknown>): Promise<number> {
  const { rows } = await sql<{ epoch: number }>`
    UPDATE es_epoch
       SET epoch = greatest(epoch, (SELECT coalesce(max(e.epoch), 0) FROM es_events e)) + 1
    RETURNING epoch`.execute(db);
  const epoch = rows[0]?.epoch;
  if (epoch === undefined) throw new Error('The event store has no epoch row; run its migrations first');
  return epoch;
}

/**
 * Copies an event store into an empty one (PGlite to PostgreSQL, back, or between servers) in
 * one transaction on the target, then bumps the target's epoch. The source is read in one
 * snapshot and never written; stop the app's writers first, or events appended meanwhile stay
 * behind.
 */
export async function copyEvents(
  from: Kysely<unknown>,
  to: Kysely<unknown>,
  options: CopyOptions = {},
): Promise<CopyResult> {
  // The schema the connection works in, which a URL's search_path may have chosen.
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(to);
  await migrateEventStore(to, rows[0]?.schema ?? 'public');
  return from
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((source) =>
      to.transaction().execute(async (target) => {
        const copied = await copyEventRows(source, target, options);
        const epoch = await bumpEpoch(target);
        return { ...copied, epoch };
      }),
    );
}
