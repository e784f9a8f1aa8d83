import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { LeaseLocks, PGLITE_LEASES, POSTGRES_LEASES } from './leases';
import { lockDataDir } from './lock-file';
import { openPgliteThread } from './pglite';
import type { PgliteSession } from './pglite-dialect';
import { PGliteDialect } from './pglite-dialect';
import { SchemaScopedPostgresDialect } from './schema-introspector';

/**
 * One database: PGlite in a folder (the embedded default) or a PostgreSQL server. Events and
 * read models share it unless the events live in KurrentDB.
 */
export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Kysely<unknown>;
  /** The schema the tables live in (tests use one schema each on a shared server). */
  readonly schema: string;
  /** The named locks singleton workers hold, shared by every process on this database. */
  readonly locks: LeaseLocks;
  /** The PostgreSQL pool itself, for what shares state across the fleet in its own statements (the HubSpot budget and its searches' turns); none on PGlite. */
  readonly pool?: pg.Pool;
  /** On PGlite, the seconds its thread has spent running statements (PgliteThread.busySeconds). */
  busySeconds?(): number;
  close(): Promise<void>;
}

// int8 as string keeps positions exact; callers convert where they need numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => value);

export interface PostgresOptions {
  url: string;
  poolSize?: number;
  /** Statement timeout in ms; guards against a query holding the catch-up horizon. */
  statementTimeoutMs?: number;
  /** A schema to work in instead of public (tests isolate themselves this way). */
  schema?: string;
}

/** Session settings from the URL's `options` parameter are kept beside the ones added here. */
function urlSessionOptions(url: string): string {
  try {
    return new URL(url).searchParams.get('options') ?? '';
  } catch {
    return '';
  }
}

/**
 * The schema a URL's `options=-c search_path=…` puts first: the migrations keep their own tables
 * there, beside the ones they create, not in public.
 */
function urlSchema(url: string): string | undefined {
  const path = /(?:^|\s)-c\s*search_path=([^\s,]+)/.exec(urlSessionOptions(url))?.[1];
  return path?.replace(/^"(.*)"$/, '$1');
}

export async function connectPostgres(options: PostgresOptions): Promise<Database> {
  const session =
    `-c idle_in_transaction_session_timeout=60000 -c statement_timeout=${options.statementTimeoutMs ?? 60_000}` +
    (options.schema ? ` -c search_path=${options.schema}` : '') +
    ` ${urlSessionOptions(options.url)}`;
  const pool = quietPool({
    connectionString: options.url,
    max: options.poolSize ?? 20,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    options: session,
  });
  // Leases are renewed on connections of their own: a pool busy with lookups must not make a
  // holder miss its renewal, and a renewal that cannot finish within the lease is worthless.
  const leasePool = quietPool({
    connectionString: options.url,
    max: 2,
    connectionTimeoutMillis: POSTGRES_LEASES.ttlMs,
    options: `${session} -c statement_timeout=${POSTGRES_LEASES.ttlMs}`,
  });
  const db = new Kysely<unknown>({ dialect: new SchemaScopedPostgresDialect({ pool }) });
  const leaseDb = new Kysely<unknown>({ dialect: new SchemaScopedPostgresDialect({ pool: leasePool }) });
  const locks = new LeaseLocks(leaseDb, POSTGRES_LEASES);
  return {
    kind: 'postgres',
    db,
    schema: options.schema ?? urlSchema(options.url) ?? 'public',
    locks,
    pool,
    async close() {
      await locks.close().catch(() => undefined);
      await leaseDb.destroy();
      await db.destroy();
    },
  };
}

function quietPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // A dropped connection must not crash the process, whether idle or checked out; the query on
  // it rejects, and that is where the failure is reported.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** PGlite in `dataDir`, or in memory (from `image`, a data folder's tarball, when given). */
export async function openPglite(dataDir: string | undefined, image?: Blob): Promise<Database> {
  let release: (() => void) | undefined;
  let pglite: PgliteSession;
  if (dataDir) {
    const dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    release = lockDataDir(dir);
    try {
      pglite = await openPgliteThread(join(dir, 'pglite'));
    } catch (error) {
      release();
      throw error;
    }
  } else {
    pglite = await openPgliteThread(undefined, { image });
  }
  return fromPglite(pglite, release);
}

export function fromPglite(pglite: PgliteSession, release?: () => void): Database {
  const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }) });
  // Holding the folder's lock file, this process is the only one: leases left in the folder were
  // held by a process that died, and are voided rather than waited out.
  const locks = new LeaseLocks(db, PGLITE_LEASES, release !== undefined);
  return {
    kind: 'pglite',
    db,
    schema: 'public',
    locks,
    ...(pglite.busySeconds !== undefined ? { busySeconds: () => pglite.busySeconds ?? 0 } : {}),
    async close() {
      await locks.close().catch(() => undefined);
      await db.destroy();
      release?.();
    },
  };
}

export async function ping(database: Database): Promise<void> {
  await sql`SELECT 1`.execute(database.db);
}
