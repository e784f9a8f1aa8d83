/**
 * Rebuilds read models from the event log while the service serves:
 * `npm run replay -- <projection name> [...]` or `-- --all`. The new version is built in a schema
 * beside the live one and switched in atomically (projections/versions.ts).
 * `-- --into <schema> <projection>` builds into an analyst's schema of their own and leaves the
 * live read models alone.
 * `-- --pace <share>` sets the share of the time the replay works (projections/pace.ts): 0.25 by
 * default on PostgreSQL, where the service may be serving beside it; 1 (flat out) on PGlite,
 * where it cannot be.
 */
import { SingleBar, Presets } from 'cli-progress';
import { sql } from 'kysely';
import type { Database } from '../api/db/database';
import { openStores } from '../api/db/stores';
import { DataDirLockedError } from '../api/db/lock-file';
import { readSettings, SettingsError } from '../api/settings';
import type { EventStore } from '../domain/eventstore/types';
import { allProjections } from '../projections';
import { defaultPace, parsePace } from '../projections/pace';
import type { Projection } from '../projections/projection';
import {
  catchUp,
  checkSchemaName,
  createVersion,
  liveSchema,
  switchOver,
  type BuildOptions,
  type VersionProgress,
} from '../projections/versions';

interface Choice {
  projections: Projection[];
  into?: string;
  pace?: number;
}

function choose(args: string[]): Choice {
  const rest = args.filter((a) => a !== '--');
  let into: string | undefined;
  const at = rest.indexOf('--into');
  if (at >= 0) {
    const name = rest[at + 1];
    if (!name || name.startsWith('--')) throw new Error('--into needs a schema name: --into analyst_lookups');
    into = checkSchemaName(name);
    rest.splice(at, 2);
  }
  let pace: number | undefined;
  const paceAt = rest.indexOf('--pace');
  if (paceAt >= 0) {
    pace = parsePace(rest[paceAt + 1]);
    rest.splice(paceAt, 2);
  }
  if (rest.length === 0) {
    throw new Error(
      `Name the projections to replay, or --all. Known: ${allProjections.map((p) => p.name).join(', ') || '(none)'}`,
    );
  }
  if (rest.includes('--all')) return { projections: [...allProjections], into, pace };
  const projections = rest.map((name) => {
    const found = allProjections.find((p) => p.name === name);
    if (!found)
      throw new Error(
        `No projection named "${name}". Known: ${allProjections.map((p) => p.name).join(', ')}`,
      );
    return found;
  });
  return { projections, into, pace };
}

/**
 * About how many events the log holds, for the progress bar: the highest position, read from the
 * index, where counting the rows would scan the whole log beside the service.
 */
async function countEvents(store: EventStore, database: Database): Promise<number | undefined> {
  if (store.kind === 'kurrentdb') return undefined;
  const { rows } = await sql<{
    n: string | null;
  }>`SELECT max(global_position)::text AS n FROM es_events`.execute(database.db);
  return Number(rows[0]?.n ?? 0);
}

async function open() {
  const settings = readSettings(process.env);
  try {
    return await openStores(settings, { poolSize: 4 });
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new Error(
        `${error.message}\nOn PGlite the running service holds the data folder, so a replay cannot run beside it: ` +
          'stop the service and replay, or run the service on PostgreSQL (DATABASE_URL), where replay runs while it serves.',
        { cause: error },
      );
    throw error;
  }
}

async function main() {
  const choice = choose(process.argv.slice(2));
  const { projections } = choice;
  const { database, store } = await open();
  const live = await liveSchema(database.db);
  if (choice.into === live) throw new Error(`--into ${live} is the live schema: name a schema of your own.`);
  const share = choice.pace ?? defaultPace(database.kind !== 'pglite');
  const pace = share === 1 ? 'pace 1 (flat out)' : `pace ${share}`;
  const options: BuildOptions = {
    store,
    projections,
    live,
    version: choice.into ?? `${live}_replay_${Date.now().toString(36)}`,
    batchSize: 1000,
    alone: database.kind === 'pglite',
    pace: share,
  };

  const total = (await countEvents(store, database)) ?? 0;
  const bar = new SingleBar(
    {
      format: `Replaying [{bar}] {percentage}% | {value}/{total} events | {speed} events/s | ${pace}`,
      etaBuffer: 50,
    },
    Presets.shades_classic,
  );
  const started = Date.now();
  const progress: VersionProgress = { read: 0 };
  bar.start(total, 0, { speed: 0 });
  options.onProgress = (p) =>
    bar.update(Math.min(p.read, total || p.read), {
      speed: Math.round(p.read / Math.max((Date.now() - started) / 1000, 0.001)),
    });
  let switchMs: number | undefined;
  try {
    await createVersion(database.db, options);
    await catchUp(database.db, options, progress);
    if (!choice.into) {
      const switching = performance.now();
      await switchOver(database.db, options, progress);
      switchMs = performance.now() - switching;
    }
  } catch (error) {
    if (!choice.into)
      await sql`DROP SCHEMA IF EXISTS ${sql.id(options.version)} CASCADE`.execute(database.db);
    throw error;
  } finally {
    bar.stop();
  }
  const seconds = (Date.now() - started) / 1000;
  const names = projections.map((p) => p.name).join(', ');
  console.log(
    `Replayed ${names} at ${pace}: ${progress.read} events in ${seconds.toFixed(1)} s ` +
      `(${Math.round(progress.read / Math.max(seconds, 0.001))} events/s)` +
      (choice.into
        ? `, into schema ${choice.into}; the live read models are untouched.`
        : `; readers switched to the new version (the switch held writers for ${Math.round(switchMs ?? 0)} ms).`),
  );
  await store.close();
  await database.close();
}

main().catch((error: unknown) => {
  if (error instanceof SettingsError || error instanceof Error) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
