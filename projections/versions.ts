import { sql, type Kysely } from 'kysely';
import { START, type Checkpoint, type EventStore, type ReadAllResult } from '../domain/eventstore/types';
import { advanceCheckpoint, readCheckpoint } from './checkpoints';
import { restAfter } from './pace';
import type { Projection, ReadModelTransaction } from './projection';
import { readModels } from './schema';

/**
 * A read model rebuilt beside the live one while the service serves: the projections' tables are
 * created empty in a schema of their own, filled from the log, caught up, and then moved into
 * the live schema in one transaction. Readers name tables without a schema (the search path
 * finds them), so after the move they read the new version; the old one is dropped.
 */

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export class SchemaNameError extends Error {}

export function checkSchemaName(name: string): string {
  if (!SCHEMA_NAME.test(name))
    throw new SchemaNameError(
      `"${name}" is not a schema name this replay accepts: use lower-case letters, digits and _ (at most 63), starting with a letter or _.`,
    );
  return name;
}

export interface VersionProgress {
  /** Events read from the log so far; each is applied to every projection being rebuilt. */
  read: number;
}

export interface BuildOptions {
  store: EventStore;
  projections: readonly Projection[];
  /** The schema the service reads from (where the live tables are). */
  live: string;
  /** The schema the new version is built in; created if missing. */
  version: string;
  batchSize?: number;
  /** Nothing else writes to this database (PGlite, whose folder this process holds). */
  alone?: boolean;
  /** The share of the time the catch-up works (projections/pace.ts); 1, the default, is flat out. */
  pace?: number;
  onProgress?: (progress: VersionProgress) => void;
}

export async function liveSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}

/** Works on `work`, then rests by the pace, outside any transaction, so the service gets the rest. */
async function paced<T>(options: BuildOptions, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const rest = restAfter(performance.now() - started, options.pace ?? 1);
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  return result;
}

/** Creates the projections' tables, empty and with their indexes, and a checkpoint table in `version`. */
export async function createVersion(db: Kysely<unknown>, options: BuildOptions): Promise<void> {
  const { live, version } = options;
  await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(version)}`.execute(db);
  const tables = ['projection_checkpoints', ...options.projections.flatMap((p) => p.tables)];
  for (const table of tables)
    await paced(options, async () => {
      await sql`DROP TABLE IF EXISTS ${sql.id(version, table)}`.execute(db);
      await sql`CREATE TABLE ${sql.id(version, table)} (LIKE ${sql.id(live, table)} INCLUDING ALL)`.execute(
        db,
      );
    });
}

/** An identifier as SQL text, for the statements of a DO block (which take no parameters). */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** In this transaction, unqualified names find the version's tables first, then the live ones. */
async function inVersion(trx: ReadModelTransaction, options: BuildOptions): Promise<void> {
  await sql`SELECT set_config('search_path', ${`${options.version}, ${options.live}`}, true)`.execute(trx);
}

/** Applies a batch read after `from` to the version, moving its checkpoint with it. */
async function applyBatch(
  trx: ReadModelTransaction,
  projection: Projection,
  options: BuildOptions,
  from: Checkpoint,
  { events, next }: ReadAllResult,
): Promise<void> {
  const handled = events.filter((e) => projection.eventTypes.includes(e.type));
  if (handled.length > 0) await projection.apply(trx, handled);
  if (!(await advanceCheckpoint(trx, projection.name, from, next)))
    throw new Error(`The checkpoint of ${projection.name} in ${options.version} was moved by another writer`);
}

/**
 * Fills the fresh version from the log until every projection has read what is there now. The
 * projections read the log together, one read for all of them, so they reach the head together
 * and the switch finds only what the service wrote since. The log is read outside the write
 * transactions: PGlite has one connection, which a transaction holds. Every read and every
 * projection's batch is paced on its own, so the service never waits behind a long stretch.
 */
export async function catchUp(
  db: Kysely<unknown>,
  options: BuildOptions,
  progress: VersionProgress,
): Promise<void> {
  const limit = options.batchSize ?? 1000;
  let from = await follow(db, options, progress, START, limit);
  // Fresh tables have no statistics: without them the service's first queries after the switch
  // could be planned as if the tables were empty.
  for (const table of options.projections.flatMap((p) => p.tables))
    await paced(options, () => sql`ANALYZE ${sql.id(options.version, table)}`.execute(db));
  // What the service wrote meanwhile; then, without resting, until only the last moment's events
  // are left, so the switch has next to nothing to apply while it holds the live writers.
  from = await follow(db, options, progress, from, limit);
  await follow(db, { ...options, pace: 1 }, progress, from, LEFT_FOR_THE_SWITCH, SPRINTS);
}

/** A read finding fewer events than this leaves the switch only a moment's work. */
const LEFT_FOR_THE_SWITCH = 100;
/** Unpaced reads before the switch goes ahead, however busy the service is. */
const SPRINTS = 10;

/**
 * Applies the log after `from` to every projection of the version, until a read finds fewer than
 * `fewerThan` events (the head as it stood then) or after `most` reads. Chasing the service's
 * every new event in small batches would cost more than the switch takes to apply them.
 * Answers where it stopped.
 */
async function follow(
  db: Kysely<unknown>,
  options: BuildOptions,
  progress: VersionProgress,
  from: Checkpoint,
  fewerThan: number,
  most = Infinity,
): Promise<Checkpoint> {
  const limit = options.batchSize ?? 1000;
  for (let reads = 0; reads < most; reads++) {
    const batch = await paced(options, () => options.store.readAll({ after: from, limit }));
    if (batch.events.length === 0) return from;
    const after = from;
    for (const projection of options.projections)
      await paced(options, () =>
        readModels(db)
          .transaction()
          .execute(async (trx) => {
            await inVersion(trx, options);
            await applyBatch(trx, projection, options, after, batch);
          }),
      );
    from = batch.next;
    progress.read += batch.events.length;
    options.onProgress?.(progress);
    if (batch.events.length < fewerThan) return from;
  }
  return from;
}

/**
 * Moves the version into the live schema. Writes to the live tables stop first (readers go on),
 * the version reads the last events under that lock, and the tables change places with the
 * checkpoints in one commit. A live runner that then commits a batch from its old checkpoint
 * finds it moved and rolls back, so no event reaches the old version after the switch.
 */
export async function switchOver(
  db: Kysely<unknown>,
  options: BuildOptions,
  progress: VersionProgress,
): Promise<void> {
  const { live, version } = options;
  const retired = `${version}_retired`;
  const tables = options.projections.flatMap((p) => p.tables);
  const names = options.projections.map((p) => p.name);
  // Few round trips while writers wait: on a busy machine each one costs milliseconds.
  await readModels(db)
    .transaction()
    .execute(async (trx) => {
      // Tables first, then the checkpoint rows: the order the live runner takes them in.
      await sql`LOCK TABLE ${sql.join(tables.map((t) => sql.id(live, t)))} IN EXCLUSIVE MODE`.execute(trx);
      await sql`SELECT name FROM ${sql.id(live, 'projection_checkpoints')} WHERE name IN (${sql.join(names)}) FOR UPDATE`.execute(
        trx,
      );
      await inVersion(trx, options);
      // Alone on its database (PGlite's folder lock), nothing was appended since the catch-up,
      // and the log could not be read here anyway: the transaction holds PGlite's one connection.
      if (!options.alone)
        for (let from = await readCheckpoint(trx, names[0]!); ;) {
          const batch = await options.store.readAll({ after: from, limit: options.batchSize ?? 1000 });
          if (batch.events.length === 0) break;
          for (const projection of options.projections)
            await applyBatch(trx, projection, options, from, batch);
          from = batch.next;
          progress.read += batch.events.length;
        }
      const moves = tables.flatMap((table) => [
        `ALTER TABLE ${quoted(live)}.${quoted(table)} SET SCHEMA ${quoted(retired)};`,
        `ALTER TABLE ${quoted(version)}.${quoted(table)} SET SCHEMA ${quoted(live)};`,
      ]);
      await sql.raw(`DO $$ BEGIN CREATE SCHEMA ${quoted(retired)}; ${moves.join(' ')} END $$`).execute(trx);
      await sql`
        INSERT INTO ${sql.id(live, 'projection_checkpoints')} (name, checkpoint, updated_at)
        SELECT n.name, coalesce(v.checkpoint, ${START}), now()
          FROM unnest(${names}::text[]) AS n(name)
          LEFT JOIN ${sql.id(version, 'projection_checkpoints')} AS v ON v.name = n.name
        ON CONFLICT (name) DO UPDATE SET checkpoint = excluded.checkpoint, updated_at = now()`.execute(trx);
    });
  await sql`DROP SCHEMA ${sql.id(retired)} CASCADE`.execute(db);
  await sql`DROP SCHEMA ${sql.id(version)} CASCADE`.execute(db);
}
