/**
 * A heavy user's next lookup: users with 1,000, 100,000 and 1,000,000 past lookups (two events
 * each) on PostgreSQL. For each: the one fold of the whole stream a stream without a snapshot
 * needs (paged; heap and RSS growth sampled while it runs), then cold handlers, as a restarted
 * or second process has them, charging one lookup with the snapshot 198 events behind (the most
 * it falls behind). The history is written through the store's append, 5,000 events a call.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import pg from 'pg';
import { CommandHandler } from '../../api/eventsourcing/command-handler';
import { PostgresSnapshotStore, Snapshots } from '../../api/eventsourcing/snapshots';
import { connectPostgres } from '../../api/db/database';
import { migrateOperational } from '../../api/db/operational';
import { migrateEventStore } from '../../api/adapters/eventstore/postgres/schema';
import { PostgresEventStore } from '../../api/adapters/eventstore/postgres/store';
import { creditsDecider, type CreditsCommand } from '../../domain/credits/decider';
import { appendCreditHistory } from '../../tests/support/credit-history';
import { formatTable, type BenchResult, type BenchRow } from './report';

export interface StreamsBenchOptions {
  postgresUrl?: string;
  /** Past lookups of each user measured. */
  sizes?: number[];
  /** Cold handlers charging one lookup each, per user. */
  coldCharges?: number;
  log?: (line: string) => void;
}

const MB = 2 ** 20;
const at = '2026-11-25T09:00:00.000Z';
const lookup = (userId: string, id: string) => ({
  lookupId: `${userId}-${id}`,
  portalId: '1001',
  objectType: 'contact' as const,
  objectId: id,
  zip: '10001',
  requestedAt: at,
});
const charge = (userId: string, id: string): CreditsCommand => ({
  type: 'ChargeLookup',
  lookup: lookup(userId, id),
  at,
});

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Runs `work` and reports how far the heap and the resident set grew above where they were before it. */
async function measured<T>(work: () => Promise<T>) {
  collectGarbage();
  const before = process.memoryUsage();
  let heap = before.heapUsed;
  let rss = before.rss;
  const sample = () => {
    const now = process.memoryUsage();
    heap = Math.max(heap, now.heapUsed);
    rss = Math.max(rss, now.rss);
  };
  const sampler = setInterval(sample, 2);
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    sample();
    return { result, ms, heapMB: (heap - before.heapUsed) / MB, rssMB: (rss - before.rss) / MB };
  } finally {
    clearInterval(sampler);
  }
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runStreamsBench(options: StreamsBenchOptions): Promise<BenchResult> {
  const { postgresUrl, sizes = [1_000, 100_000, 1_000_000], coldCharges = 7 } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  if (!postgresUrl)
    throw new Error('The streams bench runs on PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const schema = `bench_streams_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const database = await connectPostgres({ url: postgresUrl, schema, poolSize: 10 });
  const rows: BenchRow[] = [];
  try {
    await migrateEventStore(database.db, schema);
    await migrateOperational(database);
    const store = new PostgresEventStore(database.db, 'postgres');
    const snapshotStore = new PostgresSnapshotStore(database.db);
    for (const size of sizes) {
      const userId = `bench-${size}`;
      const written = performance.now();
      let reported = 0;
      const history = await appendCreditHistory(store, userId, {
        lookups: size,
        creditsLeft: 1_000,
        progress: (n) => {
          if (n - reported >= 200_000)
            log(
              `  ${size.toLocaleString('en-US')} lookups: ${(reported = n).toLocaleString('en-US')} events written`,
            );
        },
      });
      const writeSeconds = (performance.now() - written) / 1000;
      await sql`ANALYZE es_events`.execute(database.db);
      log(
        `${size.toLocaleString('en-US')} lookups: ${Number(history.revision) + 1} events in ${round(writeSeconds)} s`,
      );

      // A stream that has no snapshot yet (first start after this change) is folded once, page by page.
      const snapshots = new Snapshots(snapshotStore);
      const warm = new CommandHandler(store, creditsDecider, { snapshots });
      const fold = await measured(() => warm.load(history.stream));
      await snapshots.settle();
      // The snapshot as far behind as it gets: one event short of the next one being written.
      for (let i = 0; i < Math.floor((snapshots.every - 1) / 2); i++) {
        await warm.handle(history.stream, charge(userId, `tail-${i}`));
        await warm.handle(history.stream, {
          type: 'CompleteLookup',
          lookup: lookup(userId, `tail-${i}`),
          filled: { city: 'New York' },
          before: { city: '' },
          at,
        });
      }

      // Cold handlers that write no snapshot of their own, so each finds the snapshot as far behind.
      const coldSnapshots = () => new Snapshots(snapshotStore, { every: Number.MAX_SAFE_INTEGER });
      const loads: number[] = [];
      const charges: number[] = [];
      let coldHeap = 0;
      let coldRss = 0;
      for (let i = 0; i < coldCharges; i++) {
        const cold = new CommandHandler(store, creditsDecider, { snapshots: coldSnapshots() });
        const loaded = await measured(() => cold.load(history.stream));
        loads.push(loaded.ms);
        coldHeap = Math.max(coldHeap, loaded.heapMB);
        coldRss = Math.max(coldRss, loaded.rssMB);
        const coldCharge = new CommandHandler(store, creditsDecider, { snapshots: coldSnapshots() });
        const charged = await measured(() => coldCharge.handle(history.stream, charge(userId, `cold-${i}`)));
        if (charged.result.events[0]?.type !== 'LookupCharged')
          throw new Error('The cold charge was refused');
        charges.push(charged.ms);
      }
      rows.push({
        'past lookups': size,
        events: Number(history.revision) + 1,
        'history written (s)': round(writeSeconds),
        'fold without snapshot (ms)': Math.round(fold.ms),
        'fold heap growth (MB)': round(fold.heapMB),
        'fold RSS growth (MB)': round(fold.rssMB),
        'cold load, median (ms)': round(median(loads)),
        'cold first charge, median (ms)': round(median(charges)),
        'cold first charge, max (ms)': round(Math.max(...charges)),
        'cold load heap growth (MB)': round(coldHeap),
        'cold load RSS growth (MB)': round(coldRss),
      });
      log(formatTable(rows.slice(-1)));
    }
  } finally {
    await database.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
  return { name: 'Cold load and first charge of a user with a long history (PostgreSQL)', rows };
}
