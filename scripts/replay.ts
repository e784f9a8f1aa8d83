/**
 * Rebuilds read models from the event log: `npm run replay -- <projection name> [...]` or `-- --all`.
 * Run it while the service is stopped (PGlite refuses a second process; on PostgreSQL the
 * service's projection lock would keep the replay waiting).
 */
import { SingleBar, Presets } from 'cli-progress';
import { sql } from 'kysely';
import type { Database } from '../api/db/database';
import { openStores } from '../api/db/stores';
import { DataDirLockedError } from '../api/db/lock-file';
import { migrateOperational } from '../api/db/operational';
import { readSettings, SettingsError } from '../api/settings';
import type { EventStore } from '../domain/eventstore/types';
import { allProjections } from '../projections';
import { resetCheckpoint } from '../projections/checkpoints';
import type { Projection } from '../projections/projection';
import { ProjectionRunner } from '../projections/runner';
import { migrateReadModels, readModels } from '../projections/schema';

function choose(args: string[]): Projection[] {
  const names = args.filter((a) => a !== '--');
  if (names.length === 0) {
    throw new Error(
      `Name the projections to replay, or --all. Known: ${allProjections.map((p) => p.name).join(', ') || '(none)'}`,
    );
  }
  if (names.includes('--all')) return [...allProjections];
  return names.map((name) => {
    const found = allProjections.find((p) => p.name === name);
    if (!found)
      throw new Error(
        `No projection named "${name}". Known: ${allProjections.map((p) => p.name).join(', ')}`,
      );
    return found;
  });
}

async function countEvents(store: EventStore, database: Database): Promise<number | undefined> {
  if (store.kind === 'kurrentdb') return undefined;
  const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM es_events`.execute(database.db);
  return Number(rows[0]?.n ?? 0);
}

async function main() {
  const settings = readSettings(process.env);
  const projections = choose(process.argv.slice(2));
  const { database, store } = await openStores(settings, { poolSize: 4 });
  await migrateReadModels(database.db, database.schema);
  await migrateOperational(database);
  const rm = readModels(database.db);

  for (const p of projections) {
    const lease = await database.locks.acquire(`projection:${p.name}`);
    if (!lease)
      throw new Error(`Projection ${p.name} is running in another process. Stop the service, then replay.`);
    await lease.release();
  }
  await rm.transaction().execute(async (trx) => {
    for (const p of projections) {
      for (const table of p.tables) await sql`DELETE FROM ${sql.table(table)}`.execute(trx);
      await resetCheckpoint(trx, p.name);
    }
  });

  const total = await countEvents(store, database);
  const runner = new ProjectionRunner({
    store,
    readModels: rm,
    projections,
    locks: database.locks,
    batchSize: 1000,
    pollMs: 50,
  });
  const bar = new SingleBar(
    { format: 'Replaying [{bar}] {percentage}% | {value}/{total} events | {speed} events/s', etaBuffer: 50 },
    Presets.shades_classic,
  );
  const perProjectionTotal = (total ?? 0) * projections.length;
  bar.start(perProjectionTotal, 0, { speed: 0 });
  const started = Date.now();
  runner.start();
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const status = runner.status();
    const applied = status.reduce((sum, s) => sum + s.applied, 0);
    const seconds = (Date.now() - started) / 1000;
    bar.update(Math.min(applied, perProjectionTotal || applied), {
      speed: Math.round(applied / Math.max(seconds, 0.001)),
    });
    const failing = status.find((s) => s.state === 'retrying');
    if (failing) throw new Error(`Projection ${failing.name} failed: ${failing.lastError}`);
    if (status.every((s) => s.caughtUp && s.state === 'running')) break;
  }
  await runner.stop();
  bar.stop();
  const seconds = (Date.now() - started) / 1000;
  const applied = runner.status().reduce((sum, s) => sum + s.applied, 0);
  console.log(
    `Replayed ${projections.map((p) => p.name).join(', ')}: ${applied} events in ${seconds.toFixed(1)} s ` +
      `(${Math.round(applied / Math.max(seconds, 0.001))} events/s).`,
  );
  await store.close();
  await database.close();
}

main().catch((error: unknown) => {
  if (error instanceof SettingsError || error instanceof DataDirLockedError || error instanceof Error) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
