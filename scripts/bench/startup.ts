/**
 * `npm start` as a user runs it: the built server (npm run build first), timed from spawn to the
 * first page a user can open (GET / 200 and /api/health/ready 200). The first start on a new,
 * empty data folder is timed over several runs (median and max, with the machine's load
 * average, since a busy machine doubles it); then the resident memory (Linux /proc) a few
 * seconds after a start on an empty data folder or database, and again after 1,000 lookups
 * (`--lookups N`) through the sandbox CRM; on PGlite, the first start on a folder with history and
 * restarts on it. `--runs N` sets the runs, `--first-start` measures only the first start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateEventStore } from '../../api/adapters/eventstore/postgres/schema';
import { PostgresEventStore } from '../../api/adapters/eventstore/postgres/store';
import { openPglite } from '../../api/db/database';
import { INSTALL_DIR } from '../../api/install-dir';
import { call, signUp } from '../../tests/support/app';
import { connectionsOf, connectSandboxPortal, sandboxPass } from '../../tests/support/sandbox-hubspot';
import { embeddedServiceEnv, freePort } from '../../tests/support/server-process';
import { buildPgliteTemplate, buildServer } from '../build-server';
import { startCommand } from '../start-command';
import type { BenchResult, BenchRow } from './report';
import type { BackfillJobAnswer } from '../../api/backfill/contract';
import { api, followJob } from './backfill';

const SETTLE_MS = 5_000;
const LOOKUPS = 1_000;
/** The largest pack (Enterprise): as many are bought as the lookups need. */
const PACK = { packageId: 'enterprise', credits: 10_000 };
const ZIPS = ['10001', '60601', '94105', '30301', '02108', '73301', '98101', '33101', '80202', '85001'];

interface Started {
  child: ChildProcess;
  baseUrl: string;
  startMs: number;
}

async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { flags, script } = startCommand();
  const started = performance.now();
  // BENCH_SERVICE_FLAGS adds node flags to the service alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`.
  const extra = process.env.BENCH_SERVICE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, ...extra, script], {
    cwd: INSTALL_DIR,
    env: embeddedServiceEnv(baseUrl, env),
    stdio: 'ignore',
  });
  // While it starts the server listens and answers 503 (api/health/starting.ts): the first page
  // is there once the web app's page and readiness both answer 200.
  const answered = new Set<string>();
  for (;;) {
    if (child.exitCode !== null) throw new Error('the service exited at start');
    for (const path of FIRST_PAGE.filter((p) => !answered.has(p))) {
      try {
        const response = await fetch(`${baseUrl}${path}`);
        await response.arrayBuffer();
        if (response.status === 200) answered.add(path);
      } catch {
        // not listening yet
      }
    }
    if (answered.size === FIRST_PAGE.length) return { child, baseUrl, startMs: performance.now() - started };
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** What a person opening the service first needs: the web app's page, and the service ready behind it. */
const FIRST_PAGE = ['/', '/api/health/ready'];

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/** The first `npm start` on a new, empty data folder, `runs` times (a new folder each run). */
async function firstStarts(runs: number): Promise<BenchRow> {
  const loadBefore = loadAverage();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'zipfill-startup-'));
    try {
      const service = await start({ DATA_DIR: dataDir });
      await stop(service);
      times.push(service.startMs);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  times.sort((a, b) => a - b);
  return {
    case: 'PGlite: first start on a new, empty data folder',
    runs,
    medianMs: Math.round(times[Math.floor(runs / 2)]!),
    maxMs: Math.round(times.at(-1)!),
    'load 1/5/15 min before': loadBefore,
    'load 1/5/15 min after': loadAverage(),
  };
}

/**
 * The bench's options: `--runs N` (default 5), `--first-start` (only the first start on an empty
 * folder), `--lookups N` (default 1,000: the lookups made before memory is read again) and
 * `--backfill N` (instead, a backfill of N sample contacts, in thousands).
 */
export function startupOptions(options: string[]): {
  runs?: number;
  lookups?: number;
  backfill?: number;
  firstStartOnly: boolean;
} {
  const wholeNumber = (flag: string) => {
    const at = options.indexOf(flag);
    const n = at < 0 ? undefined : Number(options[at + 1]);
    if (n !== undefined && !(Number.isInteger(n) && n > 0))
      throw new Error(`${flag} takes a whole number, 1 or more`);
    return n;
  };
  return {
    runs: wholeNumber('--runs'),
    lookups: wholeNumber('--lookups'),
    backfill: wholeNumber('--backfill'),
    firstStartOnly: options.includes('--first-start'),
  };
}

async function stop({ child }: Started): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Resident memory of the process, in MB, once it has been left alone for a few seconds. */
async function settledRssMb({ child }: Started): Promise<number> {
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error('no VmRSS in /proc (the memory figures need Linux)');
  return Math.round(kb / 1024);
}

/** A user with credits for `credits` lookups, a sandbox portal mapped for contacts, and the sandbox pass. */
async function mappedSandboxUser(baseUrl: string, credits: number) {
  const { token } = await signUp(baseUrl);
  for (let bought = 0; bought < credits; bought += PACK.credits) {
    const checkout = await call(baseUrl, '/api/auth/create-checkout-session', {
      token,
      body: { packageId: PACK.packageId, paymentType: 'oneTime' },
    });
    const { url } = checkout.body as { url: string };
    const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    if (paid.status !== 303) throw new Error(`The test checkout answered ${paid.status}`);
  }
  const balance = async () =>
    ((await call(baseUrl, '/api/auth/credit-balance', { token })).body as { creditBalance: number })
      .creditBalance;
  const before = await balance();
  if (before < credits) throw new Error(`${before} credits cannot pay for ${credits} lookups`);
  await connectSandboxPortal(baseUrl, token);
  const portalId = (await connectionsOf(baseUrl, token))[0]!.portal_id;
  const mapped = await call(baseUrl, `/api/hubspot/save-portal-config/${portalId}`, {
    token,
    body: {
      contact: {
        city: 'city',
        state: 'state',
        county: '',
        country: 'country',
        updateTimezone: true,
        onlyFillEmpty: false,
      },
      company: { city: '', state: '', county: '', country: '', onlyFillEmpty: false },
    },
  });
  if (mapped.status !== 200) throw new Error(`Saving the mapping answered ${mapped.status}`);
  return { token, portalId, pass: await sandboxPass(baseUrl, token), balance, before };
}

/** Contacts saved at once: one saver made 17 to 24 lookups a second here, too slow for 100,000. */
const SAVERS = 16;

/**
 * `count` lookups as users make them: sign up, buy credits at the test checkout, connect a
 * sandbox portal, map the fields, then save contacts with a ZIP in the sandbox CRM (`SAVERS` at
 * once, as a team does), whose webhooks the service takes to CRM writes. Prints progress every
 * 10,000 saves and resolves when every lookup is charged.
 */
async function lookups(baseUrl: string, count: number): Promise<void> {
  const { portalId, pass, balance, before } = await mappedSandboxUser(baseUrl, count);
  let next = 0;
  let lap = performance.now();
  const saver = async () => {
    for (let i = next++; i < count; i = next++) {
      const saved = await fetch(`${baseUrl}/sandbox/hubspot/records`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: pass },
        body: new URLSearchParams({
          portalId,
          type: 'contacts',
          firstname: `Bench ${i}`,
          zip: ZIPS[i % ZIPS.length]!,
        }),
        redirect: 'manual',
      });
      await saved.arrayBuffer();
      if (!saved.headers.get('location')?.includes('webhook'))
        throw new Error(`A sandbox save answered ${saved.status} (${saved.headers.get('location')})`);
      if ((i + 1) % 10_000 === 0) {
        const rate = 10_000 / ((performance.now() - lap) / 1000);
        lap = performance.now();
        console.log(`  ${i + 1} contacts saved, the last 10,000 at ${rate.toFixed(0)}/s`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SAVERS, count) }, saver));
  const deadline = Date.now() + Math.max(120_000, count * 20);
  while ((await balance()) > before - count) {
    if (Date.now() > deadline)
      throw new Error(`Only ${before - (await balance())} of ${count} lookups were charged`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Lookups by the thousand: `contacts` sample contacts added in the sandbox CRM (its "Add 1,000
 * sample contacts" button: most with a ZIP and no city, some a lookup cannot fill), then a
 * backfill job of the empty ones, followed to its end. Saving contacts one by one made 17 to 24
 * lookups a second here, too slow for 100,000. Resolves with the records the job looked up.
 */
async function lookupsByBackfill(baseUrl: string, contacts: number): Promise<number> {
  const { token, portalId, pass } = await mappedSandboxUser(baseUrl, contacts);
  for (let added = 0; added < contacts; added += 1_000) {
    const samples = await fetch(`${baseUrl}/sandbox/hubspot/samples`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: pass },
      body: new URLSearchParams({ portalId, type: 'contacts' }),
      redirect: 'manual',
    });
    await samples.arrayBuffer();
    if (samples.status !== 303) throw new Error(`Adding sample contacts answered ${samples.status}`);
  }
  const { job: begun } = await api<BackfillJobAnswer>(
    { baseUrl },
    token,
    `/api/hubspot/backfills/${portalId}`,
    {
      objectType: 'contact',
      scope: 'empty',
    },
  );
  const job = await followJob({ baseUrl }, token, begun.jobId, (line) => console.log(line));
  if (job.state !== 'completed')
    throw new Error(`The backfill stopped: ${job.state} (${job.stateDetail ?? ''})`);
  return job.progress.done;
}

/** The bearer token the bench gives the service, to read where its memory is from /metrics. */
const METRICS_TOKEN = randomUUID();

/**
 * Where the resident memory is, in MB: the JS heap in use of the heap V8 holds, memory held by JS
 * objects outside it (buffers, and on PGlite its WASM memory, which never shrinks), and the rest:
 * code and native allocations.
 */
async function memorySplit({ baseUrl }: Started): Promise<string> {
  const response = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const mb = (name: string) => {
    const value = Number(new RegExp(`^zipfill_${name} (\\S+)$`, 'm').exec(text)?.[1]);
    if (!Number.isFinite(value)) throw new Error(`/metrics has no zipfill_${name}`);
    return value / 2 ** 20;
  };
  const rss = mb('process_resident_memory_bytes');
  const heap = mb('nodejs_heap_size_used_bytes');
  const heapTotal = mb('nodejs_heap_size_total_bytes');
  const external = mb('nodejs_external_memory_bytes');
  return `heap ${heap.toFixed(0)} of ${heapTotal.toFixed(0)}, external ${external.toFixed(0)}, rest ${(rss - heapTotal - external).toFixed(0)}`;
}

/** How the lookups are made before memory is read again: contacts saved one by one, or a backfill. */
interface Load {
  lookups: number;
  byBackfill: boolean;
}

/** Start time, memory at idle and after the lookups, for one store behind the service. */
async function memoryRow(label: string, env: Record<string, string>, load: Load): Promise<BenchRow> {
  const service = await start({ ...env, METRICS_TOKEN });
  try {
    const idle = await settledRssMb(service);
    const idleSplit = await memorySplit(service);
    let made = `${load.lookups} lookups`;
    if (load.byBackfill)
      made = `a backfill of ${load.lookups} contacts (${await lookupsByBackfill(service.baseUrl, load.lookups)} looked up)`;
    else await lookups(service.baseUrl, load.lookups);
    const after = await settledRssMb(service);
    return {
      case: label,
      runs: 1,
      medianMs: Math.round(service.startMs),
      maxMs: Math.round(service.startMs),
      rssIdleMb: idle,
      'idle MB: heap used of total, external, rest': idleSplit,
      [`rss MB after ${made}`]: after,
      [`after ${made} MB: heap used of total, external, rest`]: await memorySplit(service),
    };
  } finally {
    await stop(service);
  }
}

async function onEmptyPglite(load: Load): Promise<BenchRow> {
  const dataDir = mkdtempSync(join(tmpdir(), 'zipfill-startup-'));
  try {
    return await memoryRow('PGlite: start on an empty data folder', { DATA_DIR: dataDir }, load);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onEmptyPostgres(postgresUrl: string, load: Load): Promise<BenchRow> {
  const name = `bench_startup_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return await memoryRow('PostgreSQL: start on an empty database', { DATABASE_URL: url.toString() }, load);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function onPgliteHistory(events: number, runs: number): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'zipfill-startup-'));
  try {
    const seed = await openPglite(dataDir);
    await migrateEventStore(seed.db);
    const store = new PostgresEventStore(seed.db, 'pglite');
    for (let i = 0; i < events; i += 100) {
      const batch = Array.from({ length: 100 }, (_, n) => ({
        id: randomUUID(),
        type: 'BenchTick',
        data: { n: i + n },
      }));
      await store.append(`bench-${randomUUID()}`, batch, { expected: 'no_stream' });
    }
    await seed.close();
    const timeStart = async () => {
      const service = await start({ DATA_DIR: dataDir });
      await stop(service);
      return service.startMs;
    };
    const first = await timeStart();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await timeStart());
    times.sort((a, b) => a - b);
    return [
      {
        case: `PGlite: first start on ${events.toLocaleString('en-US')} events (migrations, projections catch up)`,
        runs: 1,
        medianMs: Math.round(first),
        maxMs: Math.round(first),
      },
      {
        case: 'PGlite: restart on that folder',
        runs,
        medianMs: Math.round(times[Math.floor(runs / 2)]!),
        maxMs: Math.round(times.at(-1)!),
      },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runStartupBench(
  options: {
    postgresUrl?: string;
    runs?: number;
    lookups?: number;
    backfill?: number;
    events?: number;
    firstStartOnly?: boolean;
  } = {},
): Promise<BenchResult> {
  // As `npm run build:server` does: the server, then the empty data folder a first start copies
  // (building the server alone empties api/dist, the template with it).
  await buildServer();
  await buildPgliteTemplate();
  const runs = options.runs ?? 5;
  const rows: BenchRow[] = [await firstStarts(runs)];
  if (!options.firstStartOnly) {
    const load: Load = options.backfill
      ? { lookups: options.backfill, byBackfill: true }
      : { lookups: options.lookups ?? LOOKUPS, byBackfill: false };
    rows.push(await onEmptyPglite(load));
    if (options.postgresUrl) rows.push(await onEmptyPostgres(options.postgresUrl, load));
    rows.push(...(await onPgliteHistory(options.events ?? 20_000, runs)));
  }
  return {
    name: 'npm start (the built server): spawn to the first page (GET / and /api/health/ready 200), resident memory at idle and after lookups',
    rows,
  };
}
