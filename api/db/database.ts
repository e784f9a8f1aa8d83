import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './lock-file';

/** Releases a projection's lock; the lock also ends when the process dies. */
export type ReleaseLock = () => Promise<void>;

/**
 * One database: PGlite in a folder (the embedded default) or a PostgreSQL server. Events and
 * read models share it unless the events live in KurrentDB.
 */
export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Kysely<unknown>;
  /** The schema the tables live in (tests use one schema each on a shared server). */
  readonly schema: string;
  /** Takes the named lock for as long as this process wants it; undefined when another process holds it. */
  tryLock(name: string): Promise<ReleaseLock | undefined>;
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

export async function connectPostgres(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 20,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    options:
      `-c idle_in_transaction_session_timeout=60000 -c statement_timeout=${options.statementTimeoutMs ?? 60_000}` +
      (options.schema ? ` -c search_path=${options.schema}` : '') +
      ` ${urlSessionOptions(options.url)}`,
  });
  // A dropped connection must not crash the process, whether idle or checked out; the query on
  // it rejects, and that is where the failure is reported.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  const locks = new Set<pg.Client>();
  return {
    kind: 'postgres',
    db,
    schema: options.schema ?? 'public',
    async tryLock(name) {
      const client = new pg.Client({ connectionString: options.url });
      client.on('error', () => undefined);
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok',
        [`zipfill:${name}`],
      );
      if (!rows[0]?.ok) {
        await client.end();
        return undefined;
      }
      locks.add(client);
      return async () => {
        locks.delete(client);
        await client.end().catch(() => undefined);
      };
    },
    async close() {
      await Promise.all([...locks].map((c) => c.end().catch(() => undefined)));
      await db.destroy();
    },
  };
}

/** PGlite in `dataDir` (or in memory for tests when dataDir is undefined). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  let release: (() => void) | undefined;
  let pglite: PGlite;
  if (dataDir) {
    const dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    release = lockDataDir(dir);
    pglite = await PGlite.create(join(dir, 'pglite'));
  } else {
    pglite = await PGlite.create();
  }
  return fromPglite(pglite, release);
}

export function fromPglite(pglite: PGlite, release?: () => void): Database {
  const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }) });
  return {
    kind: 'pglite',
    db,
    schema: 'public',
    // One process owns the folder (the lock file), so in-process locks suffice.
    async tryLock(name) {
      if (heldPgliteLocks.has(pglite, name)) return undefined;
      heldPgliteLocks.add(pglite, name);
      return async () => heldPgliteLocks.delete(pglite, name);
    },
    async close() {
      await db.destroy();
      release?.();
    },
  };
}

const heldPgliteLocks = {
  held: new WeakMap<PGlite, Set<string>>(),
  has(p: PGlite, name: string) {
    return this.held.get(p)?.has(name) ?? false;
  },
  add(p: PGlite, name: string) {
    const set = this.held.get(p) ?? new Set<string>();
    set.add(name);
    this.held.set(p, set);
  },
  delete(p: PGlite, name: string) {
    this.held.get(p)?.delete(name);
  },
};

export async function ping(database: Database): Promise<void> {
  await sql`SELECT 1`.execute(database.db);
}
