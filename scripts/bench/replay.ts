/**
 * `npm run bench -- replay`: a live replay of every read model (`npm run replay -- --all`) while
 * lookups arrive at a steady rate. The built server runs on a fresh PostgreSQL database holding a
 * demo history (`npm run seed:demo`); lookups are offered through the balancer for 10 s before
 * the replay and throughout it. Reports the replay's events/s and the lookups' latency (webhook
 * sent to outcome stored) before and during it, and how many deliveries failed.
 * `npm run bench -- replay --pace 1` passes its options on to the replay (its default pace otherwise).
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import type { HealthAnswer } from '../../api/health/contract';
import { buildFleetServer, startFleet, type Fleet } from '../../tests/support/fleet';
import { loadCustomers, measure, offerLookups, type LoadCustomer, type Offered } from './fleet-load';
import type { BenchResult, BenchRow } from './report';

const run = promisify(execFile);
const RATE = 100;
const USERS = 12;
const CONTACTS = 1_200;
const HISTORY = { users: 200, lookups: 20_000 };

const load = () => os.loadavg()[0]!.toFixed(1);

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
    await measure(fleet, await offerLookups(fleet, customers, RATE, 2)); // warm-up
    const beforeLoad = load();
    const before = await measure(fleet, await offerLookups(fleet, customers, RATE, 10));

    const duringLoad = load();
    let replaying = true;
    const replayArgs = ['--all', ...(options.replayOptions ?? [])];
    const replay = script('replay', replayArgs, fleet.databaseUrl).finally(() => (replaying = false));
    const offered: Offered[] = [];
    while (replaying && left(customers) >= 100) offered.push(await offerLookups(fleet, customers, RATE, 1));
    const { stdout } = await replay;
    const during = await measure(fleet, merged(offered));
    const replayed = / at (pace [^:]+): (\d+) events in ([\d.]+) s \((\d+) events\/s\)/.exec(stdout);
    const rows: BenchRow[] = [
      {
        phase: 'before the replay',
        lookups: before.lookups,
        ended: before.ended,
        failedDeliveries: before.failedDeliveries,
        p50ms: before.p50ms,
        p95ms: before.p95ms,
        p99ms: before.p99ms,
        load1m: beforeLoad,
      },
      {
        phase: `during npm run replay -- ${replayArgs.join(' ')} at ${replayed?.[1] ?? '?'}: ${replayed?.[2] ?? '?'} events in ${replayed?.[3] ?? '?'} s, ${replayed?.[4] ?? '?'} events/s`,
        lookups: during.lookups,
        ended: during.ended,
        failedDeliveries: during.failedDeliveries,
        p50ms: during.p50ms,
        p95ms: during.p95ms,
        p99ms: during.p99ms,
        load1m: duringLoad,
      },
    ];
    return {
      name: `Live replay of every read model on PostgreSQL (${HISTORY.users} users, ${HISTORY.lookups.toLocaleString('en-US')} lookups of history) while ${RATE} lookups/s arrive`,
      rows,
    };
  } finally {
    await fleet.close();
    build.remove();
  }
}
