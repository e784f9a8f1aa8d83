import type { EventStore } from '../../domain/eventstore/types';
import { migrateEventStore } from '../adapters/eventstore/postgres/schema';
import { PostgresEventStore } from '../adapters/eventstore/postgres/store';
import type { Settings } from '../settings';
import { connectPostgres, openPglite, type Database } from './database';

export interface Stores {
  database: Database;
  store: EventStore;
}

export interface OpenStoresOptions {
  /** An already open database (tests share one per file); its owner closes it. */
  database?: Database;
  /** Connections to a PostgreSQL server; the service takes DATABASE_POOL_SIZE, scripts fewer. */
  poolSize?: number;
}

/**
 * Opens the database (DATABASE_URL, else PGlite in DATA_DIR) and the event store (KurrentDB at
 * EVENTSTORE_URL, else the events table in that database, brought up to date). The service and
 * the scripts open them here, so they cannot disagree on where the data is.
 */
export async function openStores(settings: Settings, options: OpenStoresOptions = {}): Promise<Stores> {
  const database =
    options.database ??
    (settings.databaseUrl
      ? await connectPostgres({
          url: settings.databaseUrl,
          poolSize: options.poolSize ?? settings.databasePoolSize,
        })
      : await openPglite(settings.dataDir));
  try {
    return { database, store: await openEventStore(settings, database) };
  } catch (error) {
    if (!options.database) await database.close().catch(() => undefined);
    throw error;
  }
}

async function openEventStore(settings: Settings, database: Database): Promise<EventStore> {
  if (settings.eventStoreUrl) {
    const { connectKurrent } = await import('../adapters/eventstore/kurrentdb/store');
    return connectKurrent(settings.eventStoreUrl);
  }
  await migrateEventStore(database.db, database.schema);
  return new PostgresEventStore(database.db, database.kind);
}
