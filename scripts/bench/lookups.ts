/**
 * The lookup pipeline end to end: signed webhook batches of 100 events at rising rates into the
 * running service, a CRM stand-in on 127.0.0.1 receiving the writes. Reports sustained lookups/s
 * and the latency from sending the webhook to the CRM receiving the record's write.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { sql } from 'kysely';
import pg from 'pg';
import { connectPostgres, openPglite, type Database } from '../../api/db/database';
import { silentLogger } from '../../api/logging/logger';
import { readSettings } from '../../api/settings';
import { createSystem, type System } from '../../api/system';
import { creditsStream } from '../../domain/credits/decider';
import { testCrmFactory } from '../../tests/support/crm-client';
import { CrmStandIn } from '../../tests/support/crm-stand-in';
import {
  deliver,
  TEST_PUBLIC_URL,
  TEST_WEBHOOK_SECRET,
  zipChange,
} from '../../tests/support/hubspot-webhook';
import { MapPortalDirectory } from '../../tests/support/portals';
import { PostgresEventStore } from '../../api/adapters/eventstore/postgres/store';
import { appendsPerLookup, rawAppendLimit } from './eventstore-workloads';
import {
  cpuMs,
  formatTable,
  loadAverage,
  LOOKUPS_WARM_UP,
  percentile,
  shareOf,
  type BenchResult,
  type BenchRow,
} from './report';
import { runFleetLookups } from './lookups-fleet';
import { runZipTableBench } from './zip-table';

export interface LookupsBenchOptions {
  postgresUrl?: string;
  /** Lookups per second to offer, one step each. */
  rates?: number[];
  /** How long each rate is offered. */
  seconds?: number;
  log?: (line: string) => void;
  /** Only this target (all by default): in-process on PostgreSQL or PGlite, or the fleet of built processes. */
  only?: 'PostgreSQL' | 'PGlite' | 'fleet';
}

const BATCH = 100;
const USERS = 20;
const ZIPS = ['10001', '60601', '94105', '30301', '02108', '73301', '98101', '33101', '80202', '85001'];

interface Target {
  name: string;
  open(): Promise<{ database: Database; dispose(): Promise<void> }>;
}

function targets(postgresUrl: string | undefined): Target[] {
  const list: Target[] = [];
  if (postgresUrl)
    list.push({
      name: 'PostgreSQL',
      async open() {
        const schema = `bench_lookups_${Date.now().toString(36)}`;
        const admin = new pg.Client({ connectionString: postgresUrl });
        await admin.connect();
        await admin.query(`CREATE SCHEMA ${schema}`);
        const database = await connectPostgres({ url: postgresUrl, schema, poolSize: 20 });
        return {
          database,
          async dispose() {
            await admin.query(`DROP SCHEMA ${schema} CASCADE`);
            await admin.end();
          },
        };
      },
    });
  list.push({
    name: 'PGlite',
    // In a data folder on disk, as `npm start` keeps it (in memory, PGlite grows its files by copying them).
    async open() {
      const dataDir = mkdtempSync(join(tmpdir(), 'zipfill-lookups-'));
      const database = await openPglite(dataDir);
      return { database, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
    },
  });
  return list;
}

/**
 * Where the time of a step's lookups went, from the event store's own timestamps (each event's
 * transaction start) beside the webhook's send time and the CRM's receipt: sent to recorded,
 * recorded to charged (queue projection, processor wake, routing, the charge), charged to the
 * CRM write, and the write to the recorded outcome.
 */
async function stages(
  database: Database,
  sentAtEpoch: ReadonlyMap<string, number>,
  writes: readonly { portalId: string; id: string; at: number }[],
  since: Date,
) {
  const { rows } = await sql<{ key: string; requested: Date; charged: Date | null; finished: Date | null }>`
    SELECT r.data->>'portalId' || ':' || (r.data->>'objectId') AS key, r.recorded_at AS requested,
           c.recorded_at AS charged, f.recorded_at AS finished
    FROM es_events r
    LEFT JOIN es_events c ON c.type = 'LookupCharged' AND c.data->>'lookupId' = r.data->>'lookupId' AND c.recorded_at >= ${since}
    LEFT JOIN es_events f ON f.type IN ('LookupSucceeded', 'LookupFailed') AND f.data->>'lookupId' = r.data->>'lookupId' AND f.recorded_at >= ${since}
    WHERE r.type = 'LookupRequested' AND r.recorded_at >= ${since}`.execute(database.db);
  const wroteAt = new Map(writes.map((w) => [`${w.portalId}:${w.id}`, performance.timeOrigin + w.at]));
  const spans = {
    toRecorded: [] as number[],
    toCharged: [] as number[],
    toCrm: [] as number[],
    toOutcome: [] as number[],
  };
  for (const r of rows) {
    const sent = sentAtEpoch.get(r.key);
    const crm = wroteAt.get(r.key);
    if (sent === undefined || crm === undefined || !r.charged || !r.finished) continue;
    spans.toRecorded.push(r.requested.getTime() - sent);
    spans.toCharged.push(r.charged.getTime() - r.requested.getTime());
    spans.toCrm.push(crm - r.charged.getTime());
    spans.toOutcome.push(r.finished.getTime() - crm);
  }
  const summary = (values: number[]) => {
    const sorted = values.sort((a, b) => a - b);
    return `${Math.round(percentile(sorted, 50))}/${Math.round(percentile(sorted, 99))}`;
  };
  return {
    'recorded p50/p99': summary(spans.toRecorded),
    'charged p50/p99': summary(spans.toCharged),
    'crm p50/p99': summary(spans.toCrm),
    'outcome p50/p99': summary(spans.toOutcome),
  };
}

async function offer(
  database: Database,
  baseUrl: string,
  crm: CrmStandIn,
  portals: readonly string[],
  rate: number,
  seconds: number,
  nextObjectId: () => number,
): Promise<BenchRow> {
  const batches = Math.max(1, Math.round((rate * seconds) / BATCH));
  const interval = (1000 * BATCH) / rate;
  const sentAt = new Map<string, number>();
  const sentAtEpoch = new Map<string, number>();
  const since = new Date();
  const writesBefore = crm.writes.length;
  const load1m = loadAverage();
  const cpuBefore = cpuMs();
  const busyBefore = database.busySeconds?.();
  const started = performance.now();
  const deliveries: Promise<unknown>[] = [];
  let refused = 0;
  for (let b = 0; b < batches; b++) {
    const due = started + b * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const portalId = portals[b % portals.length]!;
    const events = Array.from({ length: BATCH }, (_, i) =>
      zipChange(portalId, nextObjectId(), ZIPS[(b + i) % ZIPS.length]!),
    );
    const at = performance.now();
    for (const e of events) {
      sentAt.set(`${portalId}:${String(e.objectId)}`, at);
      sentAtEpoch.set(`${portalId}:${String(e.objectId)}`, performance.timeOrigin + at);
    }
    deliveries.push(
      deliver(baseUrl, events).then((d) => {
        if (d.status !== 200) refused++;
      }),
    );
  }
  await Promise.all(deliveries);
  const expected = batches * BATCH;
  const deadline = performance.now() + 60_000;
  while (crm.writes.length - writesBefore < expected && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  const cpuAfter = cpuMs();
  const busyAfter = database.busySeconds?.();
  const busySince = (performance.now() - started) / 1000;
  const writes = crm.writes.slice(writesBefore);
  const perLookup = (ms: number) => (ms / Math.max(writes.length, 1)).toFixed(2);
  const latencies = writes
    .map((w) => w.at - (sentAt.get(`${w.portalId}:${w.id}`) ?? w.at))
    .sort((a, b) => a - b);
  const lastWrite = writes.reduce((max, w) => Math.max(max, w.at), started);
  const elapsed = (lastWrite - started) / 1000;
  return {
    offeredPerSec: rate,
    lookups: expected,
    written: writes.length,
    refusedBatches: refused,
    sustainedPerSec: Math.round(writes.length / Math.max(elapsed, 0.001)),
    p50ms: Math.round(percentile(latencies, 50)),
    p95ms: Math.round(percentile(latencies, 95)),
    p99ms: Math.round(percentile(latencies, 99)),
    ...(await stages(database, sentAtEpoch, writes, since)),
    // The driver and the CRM stand-in run in this process too: the same for every version.
    'cpu ms/lookup': perLookup(cpuAfter.process - cpuBefore.process),
    ...(database.kind === 'postgres' && cpuAfter.postgres !== undefined && cpuBefore.postgres !== undefined
      ? { 'server cpu ms/lookup': perLookup(cpuAfter.postgres - cpuBefore.postgres) }
      : {}),
    // PGlite runs one statement at a time: near 100%, it is what the lookups wait for.
    ...(busyBefore !== undefined && busyAfter !== undefined
      ? { 'PGlite busy': shareOf(busyAfter - busyBefore, busySince) }
      : {}),
    load1m,
  };
}

async function benchTarget(
  target: Target,
  rates: readonly number[],
  seconds: number,
  log: (l: string) => void,
) {
  const crm = await new CrmStandIn().start();
  const { database, dispose } = await target.open();
  const portals = new MapPortalDirectory();
  let system: System | undefined;
  let server: Server | undefined;
  const rows: BenchRow[] = [];
  try {
    system = await createSystem(
      readSettings({ PUBLIC_URL: TEST_PUBLIC_URL, ALLOW_STAND_INS: 'true', DATA_DIR: '/nonexistent' }),
      silentLogger,
      {
        database,
        keepDatabaseOpen: true,
        hubspot: { portals, crm: testCrmFactory(crm.url), webhookSecret: async () => TEST_WEBHOOK_SECRET },
      },
    );
    server = await new Promise<Server>((resolve) => {
      const s = system!.app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const portalIds: string[] = [];
    for (let u = 0; u < USERS; u++) {
      const userId = `bench-user-${u}`;
      const portalId = String(700_000 + u);
      portals.connect(portalId, userId);
      portalIds.push(portalId);
      await system.accounts.credits.handle(creditsStream(userId), {
        type: 'AddCredits',
        credits: 10_000_000,
        source: { kind: 'admin_adjustment', adminUserId: 'bench', note: 'bench credits' },
        at: new Date().toISOString(),
      });
    }
    let objectId = 1;
    await offer(
      database,
      baseUrl,
      crm,
      portalIds,
      LOOKUPS_WARM_UP.perSec,
      LOOKUPS_WARM_UP.seconds,
      () => objectId++,
    );
    const measuredSince = new Date();
    const first = objectId;
    for (const rate of rates) {
      const row = {
        target: target.name,
        ...(await offer(database, baseUrl, crm, portalIds, rate, seconds, () => objectId++)),
      };
      rows.push(row);
      log(formatTable([row]).split('\n')[2] ?? '');
    }
    const shape = await appendsPerLookup(database.db, measuredSince, objectId - first);
    // The limit with nothing else running: the service (projections, processor, HTTP) stops first.
    server.closeAllConnections();
    await new Promise((r) => server!.close(r));
    server = undefined;
    await system.close();
    system = undefined;
    const limitLoad = loadAverage();
    const limit = await rawAppendLimit(new PostgresEventStore(database.db, database.kind), shape, {
      writers: 16,
      seconds: 3,
    });
    const beside = (row: BenchRow): BenchRow => ({
      ...row,
      'raw limit lookups/s': Math.round(limit.lookupsPerSec),
      share: shareOf(Number(row.sustainedPerSec), limit.lookupsPerSec),
    });
    rows.splice(0, rows.length, ...rows.map(beside));
    log(
      `raw limit: ${Math.round(limit.eventsPerSec)} events/s in ${Math.round(limit.appendsPerSec)} appends/s ` +
        `(${shape.appends.toFixed(2)} appends, ${shape.events.toFixed(2)} events per lookup, no projections) ` +
        `= ${Math.round(limit.lookupsPerSec)} lookups/s (load ${limitLoad}); ` +
        `best sustained ${Math.max(...rows.map((r) => Number(r.sustainedPerSec)))}/s ` +
        `= ${shareOf(Math.max(...rows.map((r) => Number(r.sustainedPerSec))), limit.lookupsPerSec)}`,
    );
  } finally {
    server?.closeAllConnections();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    await system?.close();
    await database.close();
    await dispose();
    await crm.close();
  }
  return rows;
}

/**
 * Rising webhook rates on PostgreSQL (when given) and PGlite, then one and two built-server
 * processes on PostgreSQL (lookups-fleet.ts), then the ZIP table beside `zipcodes`.
 */
export async function runLookupsBench(options: LookupsBenchOptions): Promise<BenchResult> {
  const rates = options.rates ?? [100, 250, 500, 1000, 2000];
  const seconds = options.seconds ?? 4;
  const log = options.log ?? ((line: string) => console.log(line));
  const rows: BenchRow[] = [];
  for (const target of targets(options.postgresUrl).filter((t) => !options.only || t.name === options.only)) {
    log(`\n${target.name}`);
    rows.push(...(await benchTarget(target, rates, seconds, log)));
  }
  if (options.postgresUrl && (!options.only || options.only === 'fleet')) {
    log('\nPostgreSQL fleet (built server processes behind a balancer)');
    rows.push(...(await runFleetLookups(options.postgresUrl, log)));
  }
  log('\n' + formatTable(rows));
  if (options.only) return { name: 'lookups', rows };
  const zip = await runZipTableBench();
  log('\n' + formatTable(zip.rows));
  return { name: 'lookups', rows: [...rows, ...zip.rows.map((r) => ({ target: 'ZIP table', ...r }))] };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npx tsx scripts/bench/lookups.ts [PostgreSQL|PGlite|fleet] [rates...]`, e.g. `PGlite 2000` to
  // look at one target at one rate in process, `fleet` for the one- and two-process runs only.
  const args = process.argv.slice(2);
  const only = (['PostgreSQL', 'PGlite', 'fleet'] as const).find((t) => args.includes(t));
  const rates = args.filter((a) => /^\d+$/.test(a)).map(Number);
  await runLookupsBench({
    postgresUrl: process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL,
    ...(rates.length > 0 ? { rates } : {}),
    ...(only ? { only } : {}),
  });
}
