/**
 * `npm run bench -- replay`: a live replay of every read model (`npm run replay -- --all`) while
 * lookups arrive at a steady rate. The built server runs on a fresh PostgreSQL database holding a
 * demo history (`npm run seed:demo`); lookups are offered through the balancer for 10 s before
 * the replay and throughout it. Reports the replay's events/s and the lookups' latency (webhook
 * sent to outcome stored) before and during it, and how many deliveries failed.
 * `npm run bench -- replay --pace 1` passes its options on to the replay (its default pace otherwise).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { HealthAnswer } from '../../api/health/contract';
import { buildFleetServer, startFleet, type Fleet } from '../../tests/support/fleet';
import {
  loadCustomers,
  measure,
  offerLookups,
  type LoadCustomer,
  type Measured,
  type Offered,
} from './fleet-load';
import { loadAverage as load, percentile, type BenchResult, type BenchRow } from './report';

const run = promisify(execFile);
const RATE = 100;
/** Lookups per webhook delivery: small, so that the latencies are many separate samples. */
const DELIVERY = 10;
const BEFORE_SECONDS = 20;
const USERS = 12;
const CONTACTS = 1_500;
const HISTORY = { users: 200, lookups: 20_000 };

const script = (name: string, args: string[], databaseUrl: string) =>
  run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, EVENTSTORE_URL: '' },
    maxBuffer: 64 * 1024 * 1024,
  });

async function caughtUp(fleet: Fleet): Promise<void> {
  for (;;) {
    const health = (await (await fetch(`${fleet.processes[0]!.baseUrl}/api/health`)).json()) as HealthAnswer;
    if (health.projections?.every((p) => p.eventsBehind === 0)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const left = (customers: LoadCustomer[]) => Math.min(...customers.map((c) => c.contactIds.length - c.next));

function merged(all: Offered[]): Offered {
  return {
    sentAt: new Map(all.flatMap((o) => [...o.sentAt])),
    failedDeliveries: all.reduce((n, o) => n + o.failedDeliveries, 0),
    startedAt: Math.min(...all.map((o) => o.startedAt)),
  };
}

/** Per 5 s of sending (from the replay's start): lookups, p99 and the slowest, to show where delays sit. */
function timeline(samples: Measured['samples'], startedAt: number, endedAt: number): string {
  const buckets = new Map<number, number[]>();
  for (const s of samples) {
    const at = Math.floor((s.sentAt - startedAt) / 2000) * 2;
    const bucket = buckets.get(at) ?? [];
    bucket.push(s.latencyMs);
    buckets.set(at, bucket);
  }
  const end = (endedAt - startedAt) / 1000;
  return [...buckets]
    .map(([at, latencies]) => {
      const sorted = latencies.sort((a, b) => a - b);
      const mark = at <= end && end < at + 2 ? '  <- replay ended' : '';
      return `  ${String(at).padStart(4)} s  ${String(sorted.length).padStart(4)} lookups  p99 ${String(Math.round(percentile(sorted, 99))).padStart(6)} ms  max ${String(Math.round(sorted.at(-1)!)).padStart(6)} ms${mark}`;
    })
    .join('\n');
}

export async function runReplayBench(options: {
  postgresUrl?: string;
  replayOptions?: string[];
}): Promise<BenchResult> {
  if (!options.postgresUrl)
    throw new Error(
      'The replay benchmark needs BENCH_DATABASE_URL (replay runs beside the service on PostgreSQL only)',
    );
  const build = await buildFleetServer();
  // Seeded before the service starts: the seed builds the read models with a runner of its own,
  // which would stand by for ever behind a running service's leases.
  const fleet = await startFleet(1, build.command, {
    serverUrl: options.postgresUrl,
    name: 'bench_replay',
    prepare: async (databaseUrl) =>
      void (await script(
        'seed-demo',
        ['--users', String(HISTORY.users), '--lookups', String(HISTORY.lookups), '--log-lines', '0'],
        databaseUrl,
      )),
  });
  try {
    await caughtUp(fleet);
    const customers = await loadCustomers(fleet, USERS, CONTACTS);
    await measure(fleet, await offerLookups(fleet, customers, RATE, 2, DELIVERY)); // warm-up
    const before = await measure(fleet, await offerLookups(fleet, customers, RATE, BEFORE_SECONDS, DELIVERY));
    const beforeLoad = load();

    let replaying = true;
    const replayArgs = ['--all', ...(options.replayOptions ?? [])];
    const replayStarted = Date.now();
    let replayEnded = 0;
    // As `npm run replay` runs it: the built script, not TypeScript compiled at its start.
    const replay = run(process.execPath, [...build.replay, ...replayArgs], {
      env: { ...process.env, DATABASE_URL: fleet.databaseUrl, EVENTSTORE_URL: '' },
      maxBuffer: 64 * 1024 * 1024,
    }).finally(() => {
      replaying = false;
      replayEnded = Date.now();
    });
    const offered: Offered[] = [];
    while (replaying && left(customers) >= DELIVERY)
      offered.push(await offerLookups(fleet, customers, RATE, 1, DELIVERY));
    const { stdout } = await replay;
    const duringLoad = load();
    const during = await measure(fleet, merged(offered));
    const held = /held writers for (\d+) ms/.exec(stdout)?.[1] ?? '?';
    console.log(`The switch held writers for ${held} ms; lookups by when they were sent:`);
    console.log(timeline(during.samples, replayStarted, replayEnded));
    const replayed = / at (pace [^:]+): (\d+) events in ([\d.]+) s \((\d+) events\/s\)/.exec(stdout);
    const row = (phase: string, m: Measured, load1m: string): BenchRow => ({
      phase,
      lookups: m.lookups,
      ended: m.ended,
      failedDeliveries: m.failedDeliveries,
      p50ms: m.p50ms,
      p95ms: m.p95ms,
      p99ms: m.p99ms,
      maxms: Math.round(Math.max(0, ...m.samples.map((s) => s.latencyMs))),
      load1m,
    });
    const rows: BenchRow[] = [
      row(`before the replay (${BEFORE_SECONDS} s)`, before, beforeLoad),
      row(
        `during npm run replay -- ${replayArgs.join(' ')} at ${replayed?.[1] ?? '?'}: ${replayed?.[2] ?? '?'} events in ${replayed?.[3] ?? '?'} s, ${replayed?.[4] ?? '?'} events/s; the switch held writers ${held} ms`,
        during,
        duringLoad,
      ),
    ];
    const added = during.p99ms - before.p99ms;
    console.log(
      `At the 99th percentile the replay added ${added} ms to a lookup, against a usual p99 of ${before.p99ms} ms: ` +
        (added <= before.p99ms ? 'within it.' : 'more than it.'),
    );
    rows.push({
      phase: 'added by the replay (during minus before)',
      p50ms: during.p50ms - before.p50ms,
      p95ms: during.p95ms - before.p95ms,
      p99ms: added,
    });
    return {
      name: `Live replay of every read model on PostgreSQL (${HISTORY.users} users, ${HISTORY.lookups.toLocaleString('en-US')} lookups of history) while ${RATE} lookups/s arrive, ${DELIVERY} to a webhook delivery`,
      rows,
    };
  } finally {
    await fleet.close();
    build.remove();
  }
}
