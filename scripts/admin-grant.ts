import { grantAdmin } from '../api/accounts/admin';
import { accountHandlers } from '../api/accounts/services';
import { migrateEventStore } from '../api/adapters/eventstore/postgres/schema';
import { PostgresEventStore } from '../api/adapters/eventstore/postgres/store';
import { connectPostgres, openPglite, type Database } from '../api/db/database';
import { readSettings, SettingsError } from '../api/settings';
import type { EventStore } from '../domain/eventstore/types';

/** `npm run admin:grant -- <email>`: makes the account with this address admin, by an event. */
async function main() {
  const email = process.argv[2]?.trim();
  if (!email || process.argv.length > 3) {
    console.error('Usage: npm run admin:grant -- <email>');
    process.exit(2);
  }
  const settings = readSettings(process.env);
  const database: Database = settings.databaseUrl
    ? await connectPostgres({ url: settings.databaseUrl, poolSize: 2 })
    : await openPglite(settings.dataDir);
  let store: EventStore | undefined;
  try {
    if (settings.eventStoreUrl) {
      const { connectKurrent } = await import('../api/adapters/eventstore/kurrentdb/store');
      store = await connectKurrent(settings.eventStoreUrl);
    } else {
      await migrateEventStore(database.db, database.schema);
      store = new PostgresEventStore(database.db, database.kind);
    }
    const handlers = accountHandlers(store);
    const granted = await grantAdmin({ ...handlers, now: () => new Date() }, email, 'script');
    if (!granted) {
      console.error(`There is no account with the address ${email}.`);
      process.exitCode = 1;
    } else {
      console.log(`${email} is admin.`);
    }
  } finally {
    await store?.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof SettingsError ? error.message : error);
  process.exit(error instanceof SettingsError ? 2 : 1);
});
