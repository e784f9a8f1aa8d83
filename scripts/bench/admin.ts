/**
 * The admin area at volume: seeds a history through the domain (users, lookups, request log
 * lines) on PostgreSQL, or with `--pglite` in a PGlite folder, then measures the consolidated
 * dashboard payload and a filtered logs page. Goals: payload p95 < 200 ms, logs page p95 < 100 ms.
 * Run alone: `npx tsx scripts/bench/admin.ts [users] [lookups] [logLines] [--pglite]`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { consolidatedDashboard } from '../../api/admin/dashboard';
import { migrateEventStore } from '../../api/adapters/eventstore/postgres/schema';
import { PostgresEventStore } from '../../api/adapters/eventstore/postgres/store';
import { connectPostgres, openPglite, type Database } from '../../api/db/database';
import { migrateDatabase } from '../../api/db/migrate';
import { migrateOperational, operationalDb } from '../../api/db/operational';
import { parseLogFilters } from '../../api/log-viewer/filters';
import { listRequests, logStats } from '../../api/log-viewer/queries';
import { migrateReadModels, readModels } from '../../projections/schema';
import { seedDemo } from '../seed/seed';
import { formatTable, loadAverage, type BenchRow } from './report';

export interface AdminBenchOptions {
  postgresUrl?: string;
  /** Seed and measure in a PGlite folder instead of a PostgreSQL schema. */
  pglite?: boolean;
  users?: number;
  lookups?: number;
  logLines?: number;
  samples?: number;
  log?: (line: string) => void;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
}

async function measure(samples: number, run: () => Promise<unknown>) {
  await run(); // warm the plan and the cache once
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: percentile(times, 100) };
}

export async function runAdminBench(
  options: AdminBenchOptions,
): Promise<{ name: string; rows: Array<Record<string, string | number>> }> {
  const url =
    options.postgresUrl ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const users = options.users ?? 10_000;
  const lookups = options.lookups ?? 2_000_000;
  const logLines = options.logLines ?? 5_000_000;
  const samples = options.samples ?? 40;
  const log = options.log ?? ((line: string) => console.log(line));
  const target = options.pglite ? await pgliteTarget() : await postgresTarget(url);
  const { database, reused } = target;
  try {
    const store = new PostgresEventStore(database.db, database.kind);
    const now = new Date();
    const seedRows: BenchRow[] = [];
    let scale = `${target.name} as seeded earlier`;
    if (!reused) {
      log(`Seeding ${users} users, ${lookups} lookups, ${logLines} log lines into ${target.name}...`);
      const seedStarted = performance.now();
      let lastReport = 0;
      const seeded = await seedDemo(database, store, {
        users,
        lookups,
        logLines,
        now,
        onProgress: (stage, done, total) => {
          if (performance.now() - lastReport < 10_000) return;
          lastReport = performance.now();
          log(`  ${stage}: ${done}/${total}`);
        },
      });
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      scale = `${users} users, ${lookups} lookups, ${seeded.logLines} log lines`;
      seedRows.push(
        { measure: 'seed (events + logs + read models)', scale, seconds: Math.round(seedSeconds) },
        { measure: '  appends', scale, seconds: Math.round(seeded.appendSeconds), events: seeded.events },
        { measure: '  projections catch-up', scale, seconds: Math.round(seeded.projectionSeconds) },
      );
    }
    // As autovacuum would leave the tables on a server that runs it (this machine's does not):
    // planned with statistics, and read from an index alone where the index holds the columns.
    const { rows: tables } = await sql<{ name: string }>`
      SELECT tablename AS name FROM pg_tables WHERE schemaname = ${database.schema}`.execute(database.db);
    for (const { name } of tables) await sql`VACUUM (ANALYZE) ${sql.table(name)}`.execute(database.db);
    const size = await sql<{ bytes: string }>`
      SELECT sum(pg_total_relation_size(c.oid))::text AS bytes FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ${database.schema} AND c.relkind = 'r'`.execute(
      database.db,
    );
    const rm = readModels(database.db);
    const op = operationalDb(database);
    const loadBefore = loadAverage();
    const payload = await measure(samples, async () =>
      JSON.stringify(await consolidatedDashboard(rm, op, now)),
    );
    const loadAfter = loadAverage();
    const payloadBytes = JSON.stringify(await consolidatedDashboard(rm, op, now)).length;
    const week = new Date(now.getTime() - 7 * 86_400_000).toISOString();
    const logPage = (query: Record<string, string>) => async () => {
      const filters = parseLogFilters(query);
      return Promise.all([listRequests(op, filters), logStats(op, '24h', now, 0)]);
    };
    const byLevel = await measure(samples, logPage({ level: 'error', startDate: week }));
    const firstPage = await measure(samples, logPage({}));
    const byUser = await measure(
      samples,
      logPage({
        userId: (await rm.selectFrom('accounts').select('user_id').executeTakeFirstOrThrow()).user_id,
      }),
    );
    const rows: BenchRow[] = [
      ...seedRows,
      { measure: 'database size', scale, MiB: Math.round(Number(size.rows[0]?.bytes ?? 0) / 2 ** 20) },
      {
        measure: 'consolidated payload',
        scale,
        p50_ms: payload.p50,
        p95_ms: payload.p95,
        goal_ms: 200,
        bytes: payloadBytes,
        load_before: loadBefore,
        load_after: loadAfter,
      },
      {
        measure: 'logs page: errors of 7 days, grouped',
        scale,
        p50_ms: byLevel.p50,
        p95_ms: byLevel.p95,
        goal_ms: 100,
      },
      {
        measure: 'logs page: default filters, grouped',
        scale,
        p50_ms: firstPage.p50,
        p95_ms: firstPage.p95,
        goal_ms: 100,
      },
      {
        measure: 'logs page: one user, grouped',
        scale,
        p50_ms: byUser.p50,
        p95_ms: byUser.p95,
        goal_ms: 100,
      },
    ];
    log('\n' + formatTable(rows));
    await store.close();
    return { name: options.pglite ? 'admin-pglite' : 'admin', rows };
  } finally {
    await target.close();
  }
}

interface BenchTarget {
  database: Database;
  name: string;
  /** Seeded by an earlier run, measured again without seeding. */
  reused: boolean;
  close(): Promise<void>;
}

/**
 * A fresh schema, or one kept by an earlier run (BENCH_KEEP=1, then BENCH_ADMIN_SCHEMA=<schema>).
 */
async function postgresTarget(url: string): Promise<BenchTarget> {
  const reused = process.env.BENCH_ADMIN_SCHEMA;
  const schema = reused ?? `bench_admin_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  if (!reused) await admin.query(`CREATE SCHEMA ${schema}`);
  const database = await connectPostgres({ url, schema, poolSize: 10, statementTimeoutMs: 600_000 });
  await migrateEventStore(database.db, schema);
  await migrateReadModels(database.db, schema);
  await migrateOperational(database);
  return {
    database,
    name: `schema ${schema}`,
    reused: Boolean(reused),
    async close() {
      await database.close();
      if (!reused && !process.env.BENCH_KEEP) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

/** A new PGlite folder, or one kept by an earlier run (BENCH_KEEP=1, then BENCH_ADMIN_PGLITE=<folder>). */
async function pgliteTarget(): Promise<BenchTarget> {
  const kept = process.env.BENCH_ADMIN_PGLITE;
  const reused = Boolean(kept && existsSync(join(kept, 'pglite')));
  const dir = kept ?? mkdtempSync(join(tmpdir(), 'bench-admin-'));
  const database = await openPglite(dir);
  await migrateDatabase(database, { events: true });
  return {
    database,
    name: `PGlite folder ${dir}`,
    reused,
    async close() {
      await database.close();
      if (!reused && !process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const [users, lookups, logLines] = args.filter((a) => !a.startsWith('--')).map(Number);
  await runAdminBench({ users, lookups, logLines, pglite: args.includes('--pglite') });
  process.exit(0);
}
