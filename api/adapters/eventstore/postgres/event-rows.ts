import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { RecordedEvent } from '../../../../domain/eventstore/types';
import { formatCheckpoint } from './checkpoint';

/** An event as a read selects it (EVENT_COLUMNS). */
export interface EventRow {
  global_position: string;
  epoch: number;
  tx: string;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recorded_at: Date | string;
}

export const EVENT_COLUMNS = sql.raw(
  'e.global_position::text AS global_position, e.epoch, e.tx_id::text AS tx, e.stream_id, ' +
    'e.stream_revision::text AS stream_revision, e.event_id::text AS event_id, e.type, e.data, e.metadata, e.recorded_at',
);

/** The same columns of `e` as one JSON array, in EVENT_COLUMNS' order. */
const EVENT_ARRAY = sql.raw(
  'json_build_array(e.global_position::text, e.epoch, e.tx_id::text, e.stream_id, e.stream_revision::text, ' +
    'e.event_id::text, e.type, e.data, e.metadata, e.recorded_at)',
);

type EventArray = [
  string,
  number,
  string,
  string,
  string,
  string,
  string,
  EventRow['data'],
  EventRow['metadata'],
  string,
];

/**
 * The events of `e` (a source aliased `e`, filtered and ordered as the read wants) as one JSON
 * text, in `order`: '[]' when there are none. PGlite's JavaScript decodes each field of each row
 * it answers apart, about 28 µs a row of these ten fields on its thread, the service's busiest;
 * one field of JSON is parsed natively on the service's thread instead. A page of 1,000 events
 * took 15 to 17 ms so, against 34 to 44 (bench README, session 26). PostgreSQL answers rows
 * faster than it builds the JSON, and reads rows.
 */
export const eventsAsJson = (order: RawBuilder<unknown>) =>
  sql<string>`coalesce(json_agg(${EVENT_ARRAY} ORDER BY ${order}), '[]')::text`;

export function eventRowsOfJson(page: string): EventRow[] {
  return (JSON.parse(page) as EventArray[]).map((e) => ({
    global_position: e[0],
    epoch: e[1],
    tx: e[2],
    stream_id: e[3],
    stream_revision: e[4],
    event_id: e[5],
    type: e[6],
    data: e[7],
    metadata: e[8],
    recorded_at: e[9],
  }));
}

/**
 * The events `where` selects from es_events (aliased `e`), in `order`, at most `limit` (null: no
 * limit): as rows on PostgreSQL, as one JSON text on PGlite (eventsAsJson says why).
 */
export async function selectEvents(
  db: Kysely<unknown>,
  kind: 'postgres' | 'pglite',
  where: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  limit: number | null,
): Promise<EventRow[]> {
  if (kind === 'postgres') {
    const { rows } = await sql<EventRow>`
      SELECT ${EVENT_COLUMNS} FROM es_events e WHERE ${where} ORDER BY ${order} LIMIT ${limit}`.execute(db);
    return rows;
  }
  const { rows } = await sql<{ page: string }>`
    SELECT ${eventsAsJson(order)} AS page
      FROM (SELECT * FROM es_events e WHERE ${where} ORDER BY ${order} LIMIT ${limit}) e`.execute(db);
  return eventRowsOfJson(rows[0]?.page ?? '[]');
}

export function toRecorded(row: EventRow): RecordedEvent {
  const recordedAt = row.recorded_at instanceof Date ? row.recorded_at : new Date(row.recorded_at);
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamName: row.stream_id,
    revision: BigInt(row.stream_revision),
    position: formatCheckpoint({ epoch: row.epoch, tx: row.tx, position: row.global_position }),
    recordedAt: recordedAt.toISOString(),
  };
}
