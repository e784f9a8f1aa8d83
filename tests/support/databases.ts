import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import pg from 'pg';
import { connectPostgres, openPglite, type Database } from '../../api/db/database';
import { migrateDatabase } from '../../api/db/migrate';
import { migrateOperational } from '../../api/db/operational';
import { PostgresEventStore } from '../../api/adapters/eventstore/postgres/store';
import type { EventStore } from '../../domain/eventstore/types';
import { migratedPgliteImage } from './pglite-image';

export interface TestDatabase {
  database: Database;
  store: EventStore;
  /** The connection string for another process to reach the same data (PostgreSQL only). */
  url?: string;
  schema?: string;
  /** Settings the app needs to reach this backend's event store (the KurrentDB stand-in's EVENTSTORE_URL). */
  env?: Record<string, string>;
  close(): Promise<void>;
}

export interface Backend {
  name: 'pglite' | 'postgres' | 'kurrentdb';
  open(): Promise<TestDatabase>;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export function freshName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** Every schema the service migrates, and the event store over them. */
export async function migrateAll(database: Database): Promise<PostgresEventStore> {
  await migrateDatabase(database, { events: true });
  return new PostgresEventStore(database.db, database.kind);
}

export const pgliteBackend: Backend = {
  name: 'pglite',
  async open() {
    const database = await openPglite(undefined, await migratedPgliteImage());
    const store = await migrateAll(database);
    return { database, store, close: () => database.close() };
  },
};

/** A PostgreSQL schema of its own on the test server, dropped afterwards. */
export async function createSchema(url: string): Promise<string> {
  const schema = freshName('t');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return schema;
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
}

export function schemaUrl(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** A schema of its own on the test server, reached at `url` (a proxy in front of it, say). */
export const postgresBackendAt = (url: () => string): Backend => ({
  name: 'postgres',
  async open() {
    const schema = await createSchema(testDatabaseUrl!);
    const database = await connectPostgres({ url: url(), schema, poolSize: 24 });
    const store = await migrateAll(database);
    return {
      database,
      store,
      url: schemaUrl(url(), schema),
      schema,
      async close() {
        await database.close();
        await dropSchema(testDatabaseUrl!, schema);
      },
    };
  },
});

export const postgresBackend: Backend = postgresBackendAt(() => testDatabaseUrl!);

/**
 * The backends of a suite whose subject is storage (the event store, the projections and their
 * checkpoints, workers' leases, credits charged at each backend's own concurrency): PGlite always,
 * PostgreSQL too when TEST_DATABASE_URL names a server.
 */
export const backends: Backend[] = testDatabaseUrl ? [pgliteBackend, postgresBackend] : [pgliteBackend];

/**
 * The backend of a suite whose subject lies above storage (routes, accounts, the stand-ins, mail,
 * steering a backfill): the server TEST_DATABASE_URL names, PGlite without it. Run on both, such
 * a suite proved nothing more the second time: its SQL runs on the same engine either way, and
 * what differs (one connection against a pool, the concurrency each backend is given, leases) is
 * the storage suites' subject. The second runs were a fifth of the run's CPU: 950 core-seconds
 * with them, 769 without.
 */
export const behaviourBackends: Backend[] = [testDatabaseUrl ? postgresBackend : pgliteBackend];

/**
 * Starts what `start` answers before the suite that calls it (before its tests) and closes it after
 * them; `started` takes it for the suite's own variables.
 */
export function forSuite<T extends { close(): Promise<unknown> }>(
  start: () => Promise<T>,
  started: (value: T) => unknown,
  timeoutMs = 60_000,
): void {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
    await started(value);
  }, timeoutMs);
  afterAll(async () => value?.close());
}

/**
 * Opens `backend` once for the suite that calls it (before its tests) and closes it after them;
 * `opened` takes the database for the suite's own variables.
 */
export function openForSuite(backend: Backend, opened: (test: TestDatabase) => unknown): void {
  forSuite(() => backend.open(), opened);
}

/**
 * Two "processes" on one PostgreSQL schema of their own, each with its own pool as separate
 * `npm start` processes have, the operational tables migrated, for the suite that calls it.
 */
export function twoProcessesForSuite(started: (processes: Database[]) => unknown): void {
  forSuite(
    async () => {
      const schema = await createSchema(testDatabaseUrl!);
      const processes: Database[] = [];
      const close = async () => {
        for (const p of processes) await p.close();
        await dropSchema(testDatabaseUrl!, schema);
      };
      try {
        for (let i = 0; i < 2; i++)
          processes.push(await connectPostgres({ url: testDatabaseUrl!, schema, poolSize: 4 }));
        await migrateOperational(processes[0]!);
      } catch (error) {
        await close();
        throw error;
      }
      return { processes, close };
    },
    ({ processes }) => started(processes),
  );
}
