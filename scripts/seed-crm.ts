/**
 * Fills a sandbox CRM portal with sample records, for trying and measuring a backfill:
 * `npm run seed:crm -- --portal P --contacts 100000 [--companies N] [--seed 42]`.
 * The portal must exist (connect a sandbox portal from the dashboard first). Uses DATABASE_URL
 * (PostgreSQL) or DATA_DIR (PGlite) like the service; PGlite serves one process at a time, so on
 * PGlite stop the service first, or use the portal page's "Add 1,000 sample contacts" button.
 */
import { Presets, SingleBar } from 'cli-progress';
import { SandboxCrmStore } from '../api/sandbox/hubspot/store';
import { connectPostgres, openPglite, type Database } from '../api/db/database';
import { DataDirLockedError } from '../api/db/lock-file';
import { migrateDatabase } from '../api/db/migrate';
import { operationalDb } from '../api/db/operational';
import { readSettings } from '../api/settings';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function option(args: string[], name: string, fallback?: number): number | undefined {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isSafeInteger(value) || value < 0) fail(`--${name} must be a whole number, 0 or more`);
  return value;
}

async function open(): Promise<Database> {
  const settings = readSettings(process.env);
  if (settings.databaseUrl) return connectPostgres({ url: settings.databaseUrl, poolSize: 2 });
  try {
    return await openPglite(settings.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    fail(
      `${error.message}\nPGlite serves one process at a time: stop the ZipFill server and run seed:crm again, ` +
        'or add records while it runs with the "Add 1,000 sample contacts" button on the sandbox CRM\'s portal page.',
    );
  }
}

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--portal');
  const portalId = at >= 0 ? (args[at + 1] ?? '') : '';
  if (!/^\d+$/.test(portalId))
    fail(
      'Usage: npm run seed:crm -- --portal <portal id> --contacts 100000 [--companies 0] [--seed 42]\n' +
        'The portal id is the one the sandbox CRM shows ("Sandbox portal …").',
    );
  const wanted = { contacts: option(args, 'contacts', 0)!, companies: option(args, 'companies', 0)! };
  const seed = option(args, 'seed', 42)!;
  const database = await open();
  try {
    await migrateDatabase(database, { events: !readSettings(process.env).eventStoreUrl });
    const store = new SandboxCrmStore(operationalDb(database));
    if (!(await store.portal(portalId)))
      fail(
        `There is no sandbox portal ${portalId} in this database. Connect one first: "Connect to HubSpot" on the ` +
          'ZipFill dashboard creates it (the sandbox CRM runs while HUBSPOT_CLIENT_ID is unset).',
      );
    for (const type of ['contacts', 'companies'] as const) {
      const count = wanted[type];
      if (count === 0) continue;
      const bar = new SingleBar(
        { format: `${type.padEnd(9)} [{bar}] {percentage}% {value}/{total}`, hideCursor: true },
        Presets.shades_classic,
      );
      const started = performance.now();
      bar.start(count, 0);
      // Another seed for companies, so that they do not repeat the contacts' mix record for record.
      const { kinds } = await store.addSamples(
        portalId,
        type,
        count,
        seed + (type === 'companies' ? 1 : 0),
        (n) => bar.update(n),
      );
      bar.stop();
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `Added ${count} ${type} to portal ${portalId} in ${seconds.toFixed(1)} s: ` +
          Object.entries(kinds)
            .map(([kind, n]) => `${n} ${kind}`)
            .join(', '),
      );
    }
  } finally {
    await database.close();
  }
}

await main();
