/**
 * `npm run bench -- backfill [--contacts 100000] [--pg] [--live-rate 1] [--undo]`: a backfill of N
 * sandbox contacts through the HTTP API (api/backfill/contract.ts) with HubSpot's limits enforced
 * by the sandbox CRM, while live lookups (signed ZIP-change webhooks from the sandbox) arrive on
 * the same portal at --live-rate a second. Quotes the issue's figures: records/s as a share of
 * what HubSpot's limits allow for the calls the job made, the 429s refused (the first and after
 * it), the live lookups' p99 from webhook to outcome recorded, and the time for the N records.
 * PGlite by default; --pg on a fresh database of DATABASE_URL's server (else 127.0.0.1:5432).
 * With --undo the job is then undone as a job of its own, timed (scripts/bench/backfill-undo.ts).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { sql } from 'kysely';
import { PORTAL_WINDOW } from '../../api/adapters/hubspot/limiter';
import { SANDBOX_RATE_LIMITS } from '../../api/sandbox/hubspot/rate-limits';
import { connectPostgres } from '../../api/db/database';
import type {
  BackfillDryRunAnswer,
  BackfillJob,
  BackfillJobAnswer,
  BackfillRequest,
} from '../../api/backfill/contract';
import { creditsStream } from '../../domain/credits/decider';
import { call, signUp, startApp, type RunningApp } from '../../tests/support/app';
import { migrateAll, pgliteBackend, type Backend } from '../../tests/support/databases';
import { mappedSandboxPortal } from '../../tests/support/sandbox-portal';
import { undoBench } from './backfill-undo';
import { HubSpotCallRecorder, type HubSpotCall } from './hubspot-calls';
import { percentile, type BenchResult, type BenchRow } from './report';

export interface BackfillBenchOptions {
  contacts: number;
  /** PostgreSQL server to create a fresh database on; PGlite when absent. */
  postgresUrl?: string;
  /** Live lookups a second on the same portal while the job runs. */
  liveRate: number;
  /** Undo the job once it has completed, and time that too. */
  undo?: boolean;
  log?: (line: string) => void;
}

const CREDITS = 10_000_000;
const LIVE_ZIPS = ['10001', '60601', '94105', '30301', '02108', '73301', '98101', '33101', '80202', '85001'];
const REQUEST: BackfillRequest = { objectType: 'contact', scope: 'empty' };
/** What HubSpot allows: calls per second on average (110 per 10 s), searches per second. */
const CALLS_PER_SECOND = SANDBOX_RATE_LIMITS.perTenSeconds / 10;
const SEARCHES_PER_SECOND = SANDBOX_RATE_LIMITS.searchesPerSecond;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A database of its own on the server, dropped afterwards. */
export function freshPostgres(serverUrl: string): Backend {
  return {
    name: 'postgres',
    async open() {
      const name = `backfill_bench_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const database = await connectPostgres({ url: url.toString(), poolSize: 20 });
      const store = await migrateAll(database);
      return {
        database,
        store,
        url: url.toString(),
        async close() {
          await database.close();
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await admin.end();
        },
      };
    },
  };
}

/** N contacts in the portal, a thousand a statement, as an import leaves them. */
export async function seedContacts(app: RunningApp, portalId: string, count: number): Promise<void> {
  await app.system.sandboxCrm!.store.addSamples(portalId, 'contacts', count, 42);
}

async function balanceOf(app: RunningApp, token: string): Promise<number> {
  return ((await call(app.baseUrl, '/api/auth/credit-balance', { token })).body as { creditBalance: number })
    .creditBalance;
}

export async function api<T>(
  app: Pick<RunningApp, 'baseUrl'>,
  token: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await call(app.baseUrl, path, { token, ...(body === undefined ? {} : { body }) });
  if (answer.status >= 300)
    throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

/**
 * Live lookups as HubSpot makes them: a new contact's ZIP changes and the sandbox sends the
 * signed webhook. Answers each contact's send time (performance.now()) by its id.
 */
class LiveLookups {
  readonly sentAt = new Map<string, number>();
  readonly ids = new Set<string>();
  private stopped = false;
  private running: Promise<void> | undefined;
  /** Deliveries answered other than 200 or not within the sandbox's 5 s. */
  failedDeliveries = 0;

  constructor(
    private readonly app: RunningApp,
    private readonly portalId: string,
    private readonly rate: number,
  ) {}

  start(): void {
    if (this.rate <= 0) return;
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async run() {
    const { store, webhooks } = this.app.system.sandboxCrm!;
    const interval = 1000 / this.rate;
    const started = performance.now();
    const deliveries: Promise<unknown>[] = [];
    for (let n = 0; !this.stopped; n++) {
      const wait = started + n * interval - performance.now();
      if (wait > 0) await sleep(wait);
      const zip = LIVE_ZIPS[n % LIVE_ZIPS.length]!;
      // The ZIP travels in the webhook only: a contact holding it would be in the job's scope,
      // and a job that keeps finding new records above its cursor would not end while they come.
      const id = await store.createRecord(this.portalId, 'contacts', { firstname: `Live ${n}` });
      this.ids.add(id);
      this.sentAt.set(id, performance.now());
      deliveries.push(
        webhooks.send([webhooks.zipChanged(this.portalId, 'contacts', id, zip)]).then(
          (status) => {
            if (status !== 200) this.failedDeliveries++;
          },
          // HubSpot gives up on a delivery after 5 s as the sandbox does: the lookup still counts as sent.
          () => this.failedDeliveries++,
        ),
      );
    }
    await Promise.all(deliveries);
  }
}

/**
 * Each live lookup's time from its webhook to its recorded outcome, once all are recorded, and
 * where it went, from the log's own timestamps (each event's transaction start): the webhook to
 * the request recorded, the request to its charge (queue projection, processor, charge), and the
 * charge to the outcome (the CRM write and recording it).
 */
async function liveLatencies(app: RunningApp, portalId: string, live: LiveLookups) {
  const db = app.system.database.db;
  const outcomes = async () => {
    const { rows } = await sql<{ object_id: string; lookup_id: string; type: string; recorded_at: Date }>`
      SELECT data->>'objectId' AS object_id, data->>'lookupId' AS lookup_id, type, recorded_at FROM es_events
      WHERE type IN ('LookupSucceeded', 'LookupFailed') AND data->>'portalId' = ${portalId}
        AND coalesce(data->>'source', 'webhook') = 'webhook'`.execute(db);
    return rows.filter((r) => live.ids.has(r.object_id));
  };
  const deadline = Date.now() + 120_000;
  let rows = await outcomes();
  while (rows.length < live.ids.size && Date.now() < deadline) {
    await sleep(500);
    rows = await outcomes();
  }
  const { rows: earlier } = await sql<{ lookup_id: string; type: string; recorded_at: Date }>`
    SELECT data->>'lookupId' AS lookup_id, type, recorded_at FROM es_events
     WHERE type IN ('LookupRequested', 'LookupCharged')
       AND data->>'lookupId' = ANY(${rows.map((r) => r.lookup_id)}::text[])`.execute(db);
  const at = new Map(earlier.map((e) => [`${e.type}:${e.lookup_id}`, e.recorded_at]));
  const steps = rows.flatMap((r) => {
    const requested = at.get(`LookupRequested:${r.lookup_id}`);
    const charged = at.get(`LookupCharged:${r.lookup_id}`);
    return requested && charged
      ? [{ object_id: r.object_id, requested, charged, finished: r.recorded_at }]
      : [];
  });
  const sentAt = (objectId: string) => performance.timeOrigin + live.sentAt.get(objectId)!;
  const spread = (values: number[]) => {
    const sorted = values.sort((a, b) => a - b);
    return `${Math.round(percentile(sorted, 50))} / ${Math.round(percentile(sorted, 99))}`;
  };
  const latencies = rows.map((r) => r.recorded_at.getTime() - sentAt(r.object_id)).sort((a, b) => a - b);
  return {
    sent: live.ids.size,
    recorded: rows.length,
    succeeded: rows.filter((r) => r.type === 'LookupSucceeded').length,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    max: Math.round(latencies.at(-1) ?? 0),
    toRequested: spread(steps.map((s) => s.requested.getTime() - sentAt(s.object_id))),
    toCharged: spread(steps.map((s) => s.charged.getTime() - s.requested.getTime())),
    toOutcome: spread(steps.map((s) => s.finished.getTime() - s.charged.getTime())),
  };
}

/**
 * What HubSpot's limits allow for the calls the job made: per record it took `calls / records`
 * of the portal's 11 calls a second (110 per 10 s), less what the live lookups used, and
 * `searches / records` of the 5 searches a second. The lower of the two is the ceiling.
 */
export function ceiling(figures: {
  records: number;
  seconds: number;
  backfillCalls: number;
  searches: number;
  liveCalls: number;
}) {
  const { records, seconds, backfillCalls, searches, liveCalls } = figures;
  const left = CALLS_PER_SECOND - liveCalls / seconds;
  const byCalls = (left * records) / backfillCalls;
  const bySearches = (SEARCHES_PER_SECOND * records) / searches;
  const budget = PORTAL_WINDOW.points / PORTAL_WINDOW.durationSeconds;
  const byBudget = Math.min(((budget - liveCalls / seconds) * records) / backfillCalls, bySearches);
  return { byCalls, bySearches, byBudget, recordsPerSecond: Math.min(byCalls, bySearches) };
}

/** Follows a job until it leaves 'running', printing its progress every 5 s; answers it as it ended. */
export async function followJob(
  app: Pick<RunningApp, 'baseUrl'>,
  token: string,
  jobId: string,
  log: (l: string) => void,
) {
  let last = 0;
  for (;;) {
    const { job } = await api<BackfillJobAnswer>(app, token, `/api/hubspot/backfill/${jobId}`);
    if (job.state !== 'running') return job;
    if (Date.now() - last >= 5_000) {
      last = Date.now();
      const p = job.progress;
      log(
        `  ${p.done}/${p.total} records, ${p.ratePerSecond}/s, ${p.secondsLeft ?? '?'} s left (load ${load()})`,
      );
    }
    await sleep(250);
  }
}

function callFigures(calls: readonly HubSpotCall[]) {
  const admitted = calls.filter((c) => c.status !== 429);
  const backfill = admitted.filter((c) => !c.live);
  const count = (kind: HubSpotCall['kind']) => backfill.filter((c) => c.kind === kind).length;
  const refused = calls.filter((c) => c.status === 429);
  return {
    backfillCalls: backfill.length,
    searches: count('search'),
    batchUpdates: count('batch-update'),
    batchReads: count('batch-read'),
    otherCalls: count('other'),
    liveCalls: admitted.filter((c) => c.live).length,
    liveUpdates: admitted.filter((c) => c.live && c.kind === 'batch-update').length,
    liveReads: admitted.filter((c) => c.live && c.kind === 'batch-read').length,
    refused,
  };
}

export async function runBackfillBench(options: BackfillBenchOptions): Promise<BenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const target = options.postgresUrl ? 'PostgreSQL' : 'PGlite';
  const backend = options.postgresUrl ? freshPostgres(options.postgresUrl) : pgliteBackend;
  log(`Backfill of ${options.contacts} contacts on ${target}, live lookups at ${options.liveRate}/s`);
  const app = await startApp(backend);
  try {
    const { token, userId } = await signUp(app.baseUrl);
    await app.system.accounts.credits.handle(creditsStream(userId), {
      type: 'AddCredits',
      credits: CREDITS,
      source: { kind: 'admin_adjustment', adminUserId: 'bench', note: 'backfill bench credits' },
      at: new Date().toISOString(),
    });
    const { portalId } = await mappedSandboxPortal(app.baseUrl, token);
    const seeding = performance.now();
    await seedContacts(app, portalId, options.contacts);
    log(`Seeded ${options.contacts} contacts in ${round((performance.now() - seeding) / 1000)} s`);
    const sandbox = app.system.sandboxCrm!.store.rateLimits;

    // The server closes a connection idle for 5 s (keep-alive), as long as seeding may take: a
    // request on that closed connection would be reset before it reached the server.
    await balanceOf(app, token).catch(() => undefined);
    const dryStarted = performance.now();
    // A dry run reads at most DRY_RUN_SAMPLE_SIZE records and estimates the rest; should the
    // connection end first, that is a figure too, and the job is measured all the same.
    const dry = await api<BackfillDryRunAnswer>(
      app,
      token,
      `/api/hubspot/backfills/${portalId}/dry-run`,
      REQUEST,
    ).then(
      (answer) =>
        `${answer.recordsInScope} / ${answer.nothingToUpdate} / ${answer.creditsNeeded}` +
        (answer.estimate ? ` (estimated from ${answer.estimate.examined})` : ''),
      (error: unknown) =>
        `no answer: ${error instanceof Error ? (error.cause ?? error).toString() : String(error)}`,
    );
    const dryMs = performance.now() - dryStarted;
    log(`Dry run in ${Math.round(dryMs)} ms: ${dry}`);
    // The dry run's searches must leave the window before the job is measured against it.
    await sleep(10_000);

    const live = new LiveLookups(app, portalId, options.liveRate);
    const recorder = new HubSpotCallRecorder(live.ids).start();
    const usageBefore = await sandbox.usage(portalId);
    const balanceBefore = await balanceOf(app, token);
    const loadBefore = load();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const { job: begun } = await api<BackfillJobAnswer>(
      app,
      token,
      `/api/hubspot/backfills/${portalId}`,
      REQUEST,
    );
    live.start();
    let job: BackfillJob;
    try {
      job = await followJob(app, token, begun.jobId, log);
    } finally {
      await live.stop();
    }
    const finished = performance.now();
    const cpu = process.cpuUsage(cpuBefore);
    const loadAfter = load();
    const latencies = await liveLatencies(app, portalId, live);
    recorder.stop();
    const usageAfter = await sandbox.usage(portalId);

    const seconds = (finished - started) / 1000;
    const records = job.progress.done;
    const figures = callFigures(recorder.between(started, finished));
    const limit = ceiling({ records, seconds, ...figures });
    const rate = records / seconds;
    const firstRefusal = figures.refused[0];
    const charged = balanceBefore - (await balanceOf(app, token));
    const rows: BenchRow[] = [
      ['state', job.state],
      ['contacts seeded', options.contacts],
      ['dry run ms', Math.round(dryMs)],
      ['dry run: in scope / resolvable / credits needed', dry],
      ['records done (succeeded, failed)', `${records} (${job.progress.succeeded}, ${job.progress.failed})`],
      ['time s', round(seconds)],
      ['records/s', round(rate)],
      // On PGlite the database runs in this process too: the records one free core could take.
      ['CPU ms of this process per record', round((cpu.user + cpu.system) / 1000 / Math.max(records, 1), 2)],
      ['CPU share of one core while running %', round((cpu.user + cpu.system) / 10 / (finished - started))],
      [
        'backfill calls: searches + batch updates + batch reads + other',
        `${figures.backfillCalls} = ${figures.searches} + ${figures.batchUpdates} + ${figures.batchReads} + ${figures.otherCalls}`,
      ],
      ['calls per 200 records', round((figures.backfillCalls * 200) / Math.max(records, 1), 2)],
      [
        'live lookup calls (batch updates + batch reads + other)',
        `${figures.liveCalls} (${figures.liveUpdates} + ${figures.liveReads} + ${figures.liveCalls - figures.liveUpdates - figures.liveReads})`,
      ],
      ['ceiling by 110 calls/10 s (less live calls) records/s', round(limit.byCalls)],
      ['ceiling by 5 searches/s records/s', round(limit.bySearches)],
      ["ceiling by ZipFill's own budget (PORTAL_WINDOW) records/s", round(limit.byBudget)],
      ['share of the ceiling %', round((100 * rate) / limit.recordsPerSecond)],
      ['calls/s admitted (all) vs 11/s', round((figures.backfillCalls + figures.liveCalls) / seconds, 2)],
      ['429s seen by the client', figures.refused.length],
      ['429s after the first', Math.max(0, figures.refused.length - 1)],
      ['first 429 at s', firstRefusal ? round((firstRefusal.at - started) / 1000) : '-'],
      ['429s counted by the sandbox', usageAfter.refused - usageBefore.refused],
      ['sandbox max calls in any 10 s', usageAfter.mostIn10s],
      ['sandbox max searches in any 1 s', usageAfter.mostSearchesIn1s],
      [
        'live lookups sent / deliveries failed / recorded / succeeded',
        `${latencies.sent} / ${live.failedDeliveries} / ${latencies.recorded} / ${latencies.succeeded}`,
      ],
      ['live lookup p50 ms', latencies.p50],
      ['live lookup p99 ms', latencies.p99],
      ['live lookup max ms', latencies.max],
      ['live: webhook to request recorded p50 / p99 ms', latencies.toRequested],
      ['live: recorded to charged p50 / p99 ms', latencies.toCharged],
      ['live: charged to outcome recorded p50 / p99 ms', latencies.toOutcome],
      [
        'credits charged / successes (backfill and live)',
        `${charged} / ${job.progress.succeeded + latencies.succeeded}`,
      ],
      ['backfill credits spent / succeeded', `${job.progress.creditsSpent} / ${job.progress.succeeded}`],
      ['load average before / after (1, 5, 15 min)', `${loadBefore} / ${loadAfter}`],
      ...(options.undo ? await undoBench(app, token, job.jobId, api, log) : []),
    ].map(([figure, value]) => ({ target, figure: String(figure), value: value! }));
    return { name: `backfill of ${options.contacts} contacts (${target})`, rows };
  } finally {
    await app.close();
  }
}

/** `backfill [--contacts N] [--pg] [--live-rate R] [--undo]`, as index.ts hands over the arguments. */
export function backfillOptions(
  args: readonly string[],
  postgresUrl: string | undefined,
): BackfillBenchOptions {
  const value = (name: string, fallback: number) => {
    const at = args.indexOf(`--${name}`);
    if (at < 0) return fallback;
    const n = Number(args[at + 1]);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} needs a number, 0 or more`);
    return n;
  };
  const server = process.env.DATABASE_URL ?? postgresUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  return {
    contacts: value('contacts', 100_000),
    liveRate: value('live-rate', 1),
    undo: args.includes('--undo'),
    ...(args.includes('--pg') ? { postgresUrl: server } : {}),
  };
}
