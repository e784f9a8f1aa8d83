import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connectPostgres, openPglite, type Database } from '../../api/db/database';
import { migrateEventStore } from '../../api/adapters/eventstore/postgres/schema';
import { PostgresEventStore } from '../../api/adapters/eventstore/postgres/store';
import { migrateReadModels } from '../../projections/schema';
import { migrateOperational } from '../../api/db/operational';
import {
  appendOp,
  catchUp,
  createRawTable,
  dropRawTable,
  fillTo,
  rate,
  rawInsertOp,
  rawRead,
  timed,
  type Sample,
} from './eventstore-workloads';
import { formatTable, loadAverage, shareOf, type BenchResult, type BenchRow } from './report';

export interface EventStoreBenchOptions {
  /** A PostgreSQL server to measure as well; the bench works in a schema of its own and drops it. */
  postgresUrl?: string;
  /** Seconds per timed run; each figure is the sum of two alternating runs. */
  seconds?: number;
  /** Events in the log the catch-up reads (PGlite reads half as many: it is single-threaded). */
  catchUpEvents?: number;
  /** Only these targets (pglite-memory, pglite-disk, postgres); all of them when absent. */
  only?: readonly string[];
  log?: (line: string) => void;
}

interface Target {
  name: string;
  open(): Promise<{ database: Database; close(): Promise<void> }>;
}

function targets(postgresUrl: string | undefined): Target[] {
  const list: Target[] = [
    {
      name: 'pglite-memory',
      async open() {
        const database = await openPglite(undefined);
        return { database, close: () => database.close() };
      },
    },
    {
      name: 'pglite-disk',
      async open() {
        const dir = mkdtempSync(join(tmpdir(), 'zipfill-bench-'));
        const database = await openPglite(dir);
        return {
          database,
          async close() {
            await database.close();
            rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    },
  ];
  if (postgresUrl) list.push({ name: 'postgres', open: () => openPostgresSchema(postgresUrl) });
  return list;
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A schema of its own on the server, dropped by `close`. */
export async function openPostgresSchema(url: string) {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE SCHEMA ${schema}`);
  const database = await connectPostgres({ url, schema, poolSize: 20 });
  return {
    database,
    async close() {
      await database.close();
      await adminQuery(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    },
  };
}

/** Both sides run in turn twice, so drift in the machine's load hits both alike. */
async function alternate(
  rounds: number,
  store: () => Promise<Sample>,
  raw: () => Promise<Sample>,
): Promise<{ store: Sample; raw: Sample }> {
  const sum = { store: { units: 0, ms: 0 }, raw: { units: 0, ms: 0 } };
  for (let i = 0; i < rounds; i++) {
    for (const [key, run] of [
      ['raw', raw],
      ['store', store],
    ] as const) {
      const s = await run();
      sum[key].units += s.units;
      sum[key].ms += s.ms;
    }
  }
  return sum;
}

function row(target: string, workload: string, unit: string, pair: { store: Sample; raw: Sample }): BenchRow {
  const store = rate(pair.store);
  const raw = rate(pair.raw);
  return {
    target,
    workload,
    unit,
    'event store': Math.round(store),
    'raw SQL': Math.round(raw),
    ratio: shareOf(store, raw),
    load1m: loadAverage(),
  };
}

async function benchTarget(
  target: Target,
  options: Required<Omit<EventStoreBenchOptions, 'postgresUrl' | 'only'>>,
) {
  const { database, close } = await target.open();
  const rows: BenchRow[] = [];
  try {
    await migrateEventStore(database.db, database.schema);
    await migrateReadModels(database.db, database.schema);
    await migrateOperational(database);
    await createRawTable(database.db);
    const store = new PostgresEventStore(database.db, database.kind);
    const seconds = options.seconds;
    const appends: Array<[string, number, number]> = [
      ['append 1 event, 1 writer', 1, 1],
      ['append 1 event, 16 writers', 1, 16],
      ['append 100 events, 1 writer', 100, 1],
    ];
    for (const [workload, size, concurrency] of appends) {
      // A short warm-up fills the pool and the plan caches before anything is timed.
      await timed(concurrency, 0.3, appendOp(store, size));
      await timed(concurrency, 0.3, rawInsertOp(database.db, size));
      const pair = await alternate(
        2,
        () => timed(concurrency, seconds, appendOp(store, size)),
        () => timed(concurrency, seconds, rawInsertOp(database.db, size)),
      );
      const perEvent = size > 1;
      if (perEvent) {
        pair.store.units *= size;
        pair.raw.units *= size;
      }
      rows.push(row(target.name, workload, perEvent ? 'events/s' : 'appends/s', pair));
      options.log(formatTable(rows.slice(-1)).split('\n')[2]!);
    }
    const wanted = database.kind === 'pglite' ? options.catchUpEvents / 2 : options.catchUpEvents;
    const total = await fillTo(database, store, wanted);
    for (const batch of [500, 2000]) {
      const pair = await alternate(
        1,
        () => catchUp(database, store, batch, total),
        () => rawRead(database.db, batch),
      );
      rows.push(row(target.name, `catch-up of ${total} events, batch ${batch}`, 'events/s', pair));
      options.log(formatTable(rows.slice(-1)).split('\n')[2]!);
    }
    await dropRawTable(database.db);
  } finally {
    await close();
  }
  return rows;
}

/**
 * Appends and catch-up reads of the PostgreSQL/PGlite event store, each beside plain SQL doing
 * the same rows in the same process, so the ratio says what the store's guarantees cost.
 */
export async function runEventStoreBench(options: EventStoreBenchOptions): Promise<BenchResult> {
  const settings = {
    seconds: options.seconds ?? 3,
    catchUpEvents: options.catchUpEvents ?? 100_000,
    log: options.log ?? ((line: string) => console.log(line)),
  };
  const rows: BenchRow[] = [];
  const chosen = targets(options.postgresUrl).filter((t) => !options.only || options.only.includes(t.name));
  for (const target of chosen) {
    settings.log(`\n${target.name}`);
    rows.push(...(await benchTarget(target, settings)));
  }
  settings.log('\n' + formatTable(rows));
  return { name: 'eventstore', rows };
}
