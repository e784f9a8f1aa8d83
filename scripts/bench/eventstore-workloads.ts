import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../api/db/database';
import type { PostgresEventStore } from '../../api/adapters/eventstore/postgres/store';
import type { NewEvent } from '../../domain/eventstore/types';
import { ProjectionRunner } from '../../projections/runner';
import { readModels } from '../../projections/schema';

/** Units done (appends or events) and the time it took. */
export interface Sample {
  units: number;
  ms: number;
}

export const rate = (s: Sample) => (s.ms === 0 ? 0 : (s.units * 1000) / s.ms);

// About 200 bytes of JSON, the size of a lookup event.
const payload = () => ({
  portalId: 40_123_456,
  objectId: Math.floor(Math.random() * 1e9),
  objectType: 'contact',
  zip: '90210',
  city: 'Beverly Hills',
  state: 'CA',
  county: 'Los Angeles County',
  country: 'US',
  timezone: 'America/Los_Angeles',
});
const META = { correlationId: 'bench', requestId: 'bench' };

export const benchEvent = (): NewEvent => ({
  id: randomUUID(),
  type: 'BenchEvent',
  data: payload(),
  metadata: META,
});

/** The baseline table: the events table's exact shape (columns, defaults, identity, indexes). */
export async function createRawTable(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE bench_raw (LIKE es_events INCLUDING ALL)`.execute(db);
}

export async function dropRawTable(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS bench_raw`.execute(db);
}

/** Runs `op` from `concurrency` callers until `seconds` have passed; op returns the units it did. */
export async function timed(
  concurrency: number,
  seconds: number,
  op: (worker: number, iteration: number) => Promise<number>,
): Promise<Sample> {
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let units = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        // Awaited first: `units += await op()` would read units before the await and lose updates.
        const done = await op(worker, i);
        units += done;
      }
    }),
  );
  return { units, ms: performance.now() - start };
}

/** Appends of `size` events, each worker to its own stream at the revision it expects. */
export function appendOp(store: PostgresEventStore, size: number) {
  const run = randomUUID().slice(0, 8);
  return async (worker: number, i: number) => {
    const events = Array.from({ length: size }, benchEvent);
    await store.append(`bench-${run}-${worker}`, events, {
      expected: i === 0 ? 'no_stream' : BigInt(i * size - 1),
    });
    return 1;
  };
}

/** The same rows written with a plain INSERT: one row with VALUES, several with one unnest. */
export function rawInsertOp(db: Kysely<unknown>, size: number) {
  const run = randomUUID().slice(0, 8);
  return async (worker: number, i: number) => {
    const stream = `bench-${run}-${worker}`;
    if (size === 1) {
      const e = benchEvent();
      await sql`
        INSERT INTO bench_raw (epoch, stream_id, stream_revision, event_id, type, data, metadata)
        VALUES (1, ${stream}, ${i}, ${e.id}::uuid, ${e.type}, ${JSON.stringify(e.data)}::jsonb,
                ${JSON.stringify(e.metadata)}::jsonb)`.execute(db);
      return 1;
    }
    const events = Array.from({ length: size }, benchEvent);
    await sql`
      INSERT INTO bench_raw (epoch, stream_id, stream_revision, event_id, type, data, metadata)
      SELECT 1, ${stream}, ${i * size}::bigint + t.i - 1, t.id, t.type, t.data, t.metadata
        FROM unnest(${events.map((e) => e.id)}::uuid[], ${events.map((e) => e.type)}::text[],
                    ${events.map((e) => JSON.stringify(e.data))}::jsonb[],
                    ${events.map((e) => JSON.stringify(e.metadata))}::jsonb[])
             WITH ORDINALITY AS t(id, type, data, metadata, i)`.execute(db);
    return 1;
  };
}

async function countRows(db: Kysely<unknown>, table: 'es_events' | 'bench_raw'): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Tops both tables up to `total` rows with 100-row writes, so both reads cover the same log. */
export async function fillTo(database: Database, store: PostgresEventStore, total: number): Promise<number> {
  const append = appendOp(store, 100);
  const raw = rawInsertOp(database.db, 100);
  for (let i = 0; (await countRows(database.db, 'es_events')) < total; i++) {
    await Promise.all(Array.from({ length: 50 }, (_, w) => append(w, i)));
  }
  for (let i = 0; (await countRows(database.db, 'bench_raw')) < total; i++) {
    await Promise.all(Array.from({ length: 50 }, (_, w) => raw(w, i)));
  }
  return countRows(database.db, 'es_events');
}

/**
 * Catch-up from the start into a projection that only counts, through the real runner: each
 * batch is one readAll plus one transaction that moves the checkpoint.
 */
export async function catchUp(
  database: Database,
  store: PostgresEventStore,
  batchSize: number,
  total: number,
): Promise<Sample> {
  let counted = 0;
  const runner = new ProjectionRunner({
    store,
    readModels: readModels(database.db),
    projections: [
      {
        name: `bench-${randomUUID()}`,
        tables: [],
        eventTypes: ['BenchEvent'],
        apply: async (_trx, events) => {
          counted += events.length;
        },
      },
    ],
    locks: database.locks,
    batchSize,
    pollMs: 5,
  });
  const start = performance.now();
  runner.start();
  while (counted < total) await new Promise((r) => setTimeout(r, 1));
  const ms = performance.now() - start;
  await runner.stop();
  return { units: counted, ms };
}

/** The baseline read: the raw table paged by position with the same batch size, nothing written. */
export async function rawRead(db: Kysely<unknown>, batchSize: number): Promise<Sample> {
  const start = performance.now();
  let after = '0';
  let units = 0;
  for (;;) {
    const { rows } = await sql<{ global_position: string }>`
      SELECT r.global_position::text AS global_position, r.epoch, r.tx_id::text AS tx, r.stream_id,
             r.stream_revision::text AS stream_revision, r.event_id::text AS event_id, r.type, r.data,
             r.metadata, r.recorded_at
        FROM bench_raw r WHERE r.global_position > ${after}::bigint
       ORDER BY r.global_position LIMIT ${batchSize}`.execute(db);
    if (rows.length === 0) break;
    units += rows.length;
    after = rows.at(-1)!.global_position;
  }
  return { units, ms: performance.now() - start };
}

/** What one lookup appended to the log, on average: appends (transactions) and events. */
export interface AppendsPerLookup {
  appends: number;
  events: number;
}

/**
 * The appends and events the log gained since `since`, per lookup: the shape the raw limit
 * below replays. Each append is one transaction of the store, so distinct transaction ids count them.
 */
export async function appendsPerLookup(
  db: Kysely<unknown>,
  since: Date,
  lookups: number,
): Promise<AppendsPerLookup> {
  const { rows } = await sql<{ appends: string; events: string }>`
    SELECT count(DISTINCT tx_id)::text AS appends, count(*)::text AS events
      FROM es_events WHERE recorded_at >= ${since}`.execute(db);
  const per = (n: string | undefined) => Number(n ?? 0) / Math.max(1, lookups);
  return { appends: per(rows[0]?.appends), events: per(rows[0]?.events) };
}

/**
 * The store's raw append rate for a lookup's shape, nothing else running (no projections, no
 * HTTP, no CRM): `writers` callers append events of a lookup event's size, as many per append as
 * a lookup's appends carry on average, for `seconds`. Answers appends/s, events/s and the
 * lookups/s those appends would carry: the most the product could reach on this store.
 */
export async function rawAppendLimit(
  store: PostgresEventStore,
  shape: AppendsPerLookup,
  options: { writers: number; seconds: number },
) {
  const size = Math.max(1, Math.round(shape.events / Math.max(shape.appends, 1e-9)));
  await timed(options.writers, 0.3, appendOp(store, size));
  const sample = await timed(options.writers, options.seconds, appendOp(store, size));
  const appendsPerSec = rate(sample);
  return {
    appendsPerSec,
    eventsPerSec: appendsPerSec * size,
    lookupsPerSec: shape.appends > 0 ? appendsPerSec / shape.appends : 0,
  };
}
