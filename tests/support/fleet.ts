import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { HealthAnswer } from '../../api/health/contract';
import { INSTALL_DIR } from '../../api/install-dir';
import { SANDBOX_APP_ID } from '../../api/settings';
import type { CrmWebhookEvent } from '../../domain/lookups/webhook-event';
import { buildServer } from '../../scripts/build-server';
import { deliver, zipChange } from './hubspot-webhook';
import { connectMappedSandboxPortal, sandboxPass } from './sandbox-hubspot';
import { startService, type ServiceProcess } from './server-process';
import { RoundRobinProxy } from './tcp-proxy';
import { startCommand } from '../../scripts/start-command';

/**
 * Several `npm start` processes (the built server) on one fresh PostgreSQL database, behind a
 * round-robin balancer whose address is every process's PUBLIC_URL, as in production: users,
 * webhooks and the sandbox CRM's own calls reach whichever process the balancer picks.
 */
export interface Fleet {
  /** The balancer's address: PUBLIC_URL of every process. */
  url: string;
  proxy: RoundRobinProxy;
  /** The database, for a test to read the event store and the read models. */
  databaseUrl: string;
  processes: ServiceProcess[];
  /** Starts one more process on the same database and puts it behind the balancer. */
  add(): Promise<ServiceProcess>;
  /** The live processes whose /api/health names `lock` among the singletons they run. */
  holdersOf(lock: string): Promise<ServiceProcess[]>;
  /**
   * Kills the process running the singleton `lock` with SIGKILL and resolves once another process
   * holds its lease, with the milliseconds from the kill to that lease's acquisition (the lease
   * row's own `acquired_at`, so the figure does not include how slowly /api/health answers).
   */
  killHolderOf(lock: string): Promise<{ killed: ServiceProcess; takeoverMs: number }>;
  /** Stops the processes and drops the database; a second call waits for the first. */
  close(): Promise<void>;
}

export interface FleetOptions {
  /** A PostgreSQL server where the user may create databases. */
  serverUrl: string;
  /** Prefix of the fresh database's name. */
  name: string;
  env?: Record<string, string>;
  /** Runs on the fresh database before any process starts (a seed, say). */
  prepare?: (databaseUrl: string) => Promise<void>;
}

/** Builds the server as `npm run build` does, into a folder of its own; answers node's arguments for it and for the replay. */
export async function buildFleetServer(): Promise<{ command: string[]; replay: string[]; remove(): void }> {
  // Inside api/dist (ignored by git), so the build finds web/dist and the ZIP table as npm start's does.
  const outdir = join(INSTALL_DIR, 'api', 'dist', `fleet-${process.pid}`);
  await buildServer(outdir);
  return {
    command: [...startCommand().flags, join(outdir, 'main.js')],
    replay: [...startCommand('replay').flags, join(outdir, 'replay.js')],
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

export async function startFleet(count: number, command: string[], options: FleetOptions): Promise<Fleet> {
  const database = `${options.name}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(options.serverUrl);
  databaseUrl.pathname = `/${database}`;
  const proxy = new RoundRobinProxy();
  await proxy.start();
  const processes: ServiceProcess[] = [];
  const env = { DATABASE_URL: databaseUrl.toString(), PUBLIC_URL: proxy.url, ...options.env };
  const add = async () => {
    const service = await startService(env, command);
    processes.push(service);
    proxy.setTargets(processes.map((p) => ({ host: '127.0.0.1', port: Number(new URL(p.baseUrl).port) })));
    return service;
  };
  let closing: Promise<void> | undefined;
  const fleet: Fleet = {
    url: proxy.url,
    proxy,
    databaseUrl: databaseUrl.toString(),
    processes,
    add,
    async holdersOf(lock) {
      const held = await Promise.all(
        processes.map(async (p) => {
          try {
            const health = (await (await fetch(`${p.baseUrl}/api/health`)).json()) as HealthAnswer;
            return health.singletons?.includes(lock) ? [p] : [];
          } catch {
            return []; // dead or cut off
          }
        }),
      );
      return held.flat();
    },
    async killHolderOf(lock) {
      const [killed] = await fleet.holdersOf(lock);
      if (!killed) throw new Error(`No process runs ${lock}`);
      const client = new pg.Client({ connectionString: databaseUrl.toString() });
      await client.connect();
      try {
        const lease = async () =>
          (
            await client.query<{ holder: string; acquired: number }>(
              `SELECT holder, (extract(epoch FROM acquired_at) * 1000)::float8 AS acquired
                 FROM worker_leases WHERE name = $1`,
              [lock],
            )
          ).rows[0];
        const before = await lease();
        const killedAt = Date.now();
        await killed.kill('SIGKILL');
        for (;;) {
          const now = await lease();
          if (now && now.holder !== before?.holder)
            return { killed, takeoverMs: Math.round(now.acquired - killedAt) };
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        await client.end();
      }
    },
    close() {
      // Once: a bench stops the fleet before measuring beside it, and its `finally` closes it again.
      closing ??= (async () => {
        await Promise.all(processes.map((p) => p.stop()));
        await proxy.close();
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await admin.end();
      })();
      return closing;
    },
  };
  try {
    await options.prepare?.(databaseUrl.toString());
    // The first migrates the database; the others then start side by side.
    await add();
    await Promise.all(Array.from({ length: count - 1 }, add));
    return fleet;
  } catch (error) {
    await fleet.close();
    throw error;
  }
}

/** A user's sandbox portal with contacts that have no ZIP yet, mapped to receive city, state and country. */
export interface SandboxCustomer {
  token: string;
  portalId: string;
  contactIds: string[];
}

/**
 * Connects a new sandbox portal for the signed-in user, maps city, state and country, and
 * creates `contacts` contacts without a ZIP on the sandbox's records page (no webhook yet).
 */
export async function sandboxCustomer(
  baseUrl: string,
  token: string,
  contacts: number,
): Promise<SandboxCustomer> {
  const portalId = await connectMappedSandboxPortal(baseUrl, token);
  const cookie = await sandboxPass(baseUrl, token);
  const contactIds: string[] = [];
  const create = async (n: number) => {
    const created = await fetch(`${baseUrl}/sandbox/hubspot/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ portalId, type: 'contacts', firstname: `Fleet ${n}`, zip: '' }),
      redirect: 'manual',
    });
    await created.arrayBuffer();
    const saved = new URL(created.headers.get('location') ?? '/', baseUrl).searchParams.get('saved');
    if (created.status !== 303 || !saved)
      throw new Error(`Creating a sandbox contact answered ${created.status}`);
    contactIds.push(saved.split(':')[1]!);
  };
  for (let n = 0; n < contacts; n += 10)
    await Promise.all(Array.from({ length: Math.min(10, contacts - n) }, (_, i) => create(n + i)));
  return { token, portalId, contactIds };
}

/** One query on the fleet's database over a connection of its own, as an outside observer. */
export async function fleetQuery<T>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The secret the sandbox CRM signs its webhooks with (generated at the first start, kept in the database). */
export async function sandboxWebhookSecret(databaseUrl: string): Promise<string> {
  const rows = await fleetQuery<{ value: string }>(
    databaseUrl,
    `SELECT value FROM app_secrets WHERE name = 'sandbox_client_secret'`,
  );
  return rows[0]!.value;
}

/** ZIPs of ten US cities, entered in turn on the contacts a fleet run looks up. */
export const FLEET_ZIPS = [
  '10001',
  '60601',
  '94105',
  '30301',
  '02108',
  '73301',
  '98101',
  '33101',
  '80202',
  '85001',
];

/**
 * One webhook delivery: a ZIP entered on each of `contactIds` of a sandbox portal, the ZIPs in
 * turn from `turn` on, as the sandbox CRM reports them. The fleet test and the fleet bench send these.
 */
export const sandboxZipChanges = (portalId: string, contactIds: readonly string[], turn: number) =>
  contactIds.map((id, i) => sandboxZipChange(portalId, id, FLEET_ZIPS[(turn + i) % FLEET_ZIPS.length]!));

/** Sends one delivery through the balancer, signed with the sandbox's secret; answers the status. */
export async function deliverToFleet(
  fleet: Fleet,
  events: CrmWebhookEvent[],
  secret: string,
): Promise<number> {
  const { status } = await deliver(fleet.url, events, { secret, publicUrl: fleet.url });
  return status;
}

/** A ZIP entered on a sandbox contact, as the sandbox CRM reports it to the app. */
export const sandboxZipChange = (portalId: string, contactId: string, zip: string): CrmWebhookEvent =>
  zipChange(portalId, contactId, zip, { appId: Number(SANDBOX_APP_ID) });
