/**
 * Fills the configured database with a realistic demo history:
 * `npm run seed:demo -- --users 200 --lookups 20000 [--log-lines 50000] [--days 180] [--seed 42]`.
 * Uses DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite) like the service; run it while the service is stopped on PGlite.
 */
import { Presets, SingleBar } from 'cli-progress';
import { migrateDatabase } from '../api/db/migrate';
import { PostgresEventStore } from '../api/adapters/eventstore/postgres/store';
import { connectPostgres, openPglite } from '../api/db/database';
import { operationalDb } from '../api/db/operational';
import { PostgresPersonalDataKeys } from '../api/personal-data/keys';
import { PersonalDataProtectingStore } from '../api/personal-data/protected-store';
import { personalData } from '../domain/personal-data';
import { readSettings } from '../api/settings';
import { seedDemo } from './seed/seed';

function option(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number, 0 or more`);
    process.exit(2);
  }
  return value;
}

async function main() {
  const args = process.argv.slice(2);
  const users = option(args, 'users', 200);
  const lookups = option(args, 'lookups', 20_000);
  const settings = readSettings(process.env);
  const database = settings.databaseUrl
    ? await connectPostgres({ url: settings.databaseUrl, poolSize: 8 })
    : await openPglite(settings.dataDir);
  await migrateDatabase(database, { events: true });
  // Sealed like the service's, so that demo accounts can be deleted like real ones.
  const store = new PersonalDataProtectingStore(
    new PostgresEventStore(database.db, database.kind),
    new PostgresPersonalDataKeys(operationalDb(database)),
    personalData,
  );
  const bar = (stage: string) =>
    new SingleBar(
      { format: `${stage} [{bar}] {percentage}% {value}/{total}`, hideCursor: true },
      Presets.shades_classic,
    );
  const lookupBar = bar('lookups    ');
  const projectionBar = bar('read models');
  let stage: 'events' | 'logs' | 'projections' | undefined;
  const result = await seedDemo(database, store, {
    users,
    lookups,
    logLines: option(args, 'log-lines', Math.round(lookups * 2.5)),
    historyDays: option(args, 'days', 180),
    seed: option(args, 'seed', 42),
    onProgress: (now, done, total) => {
      if (now !== stage) {
        if (stage === 'events') lookupBar.stop();
        if (now === 'events') lookupBar.start(total, 0);
        if (now === 'projections') projectionBar.start(total, 0);
        stage = now;
      }
      (now === 'events' ? lookupBar : projectionBar).update(done);
    },
  });
  lookupBar.stop();
  projectionBar.stop();
  console.log(
    `Seeded ${users} users, ${lookups} lookups: ${result.events} events in ${result.appendSeconds.toFixed(1)} s, ` +
      `${result.logLines} log lines, read models built in ${result.projectionSeconds.toFixed(1)} s.`,
  );
  await store.close();
  await database.close();
}

await main();
