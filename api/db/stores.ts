import type { EventStore } from '../../domain/eventstore/types';
import { PostgresEventStore } from '../adapters/eventstore/postgres/store';
import { personalData } from '../../domain/personal-data';
import { PostgresPersonalDataKeys, type PersonalDataKeys } from '../personal-data/keys';
import { PersonalDataProtectingStore } from '../personal-data/protected-store';
import type { Settings } from '../settings';
import { connectPostgres, openPglite, type Database } from './database';
import { migrateDatabase } from './migrate';
import { operationalDb } from './operational';

export interface Stores {
  database: Database;
  /** Seals personal fields on the way in and opens them on the way out (api/personal-data). */
  store: EventStore;
  /** The keys those fields are sealed under; deleting a subject's key erases what it sealed. */
  personalDataKeys: PersonalDataKeys;
}

export interface OpenStoresOptions {
  /** An already open database (tests share one per file); its owner closes it. */
  database?: Database;
  /** Connections to a PostgreSQL server; the service takes DATABASE_POOL_SIZE, scripts fewer. */
  poolSize?: number;
}

/**
 * Opens the database (DATABASE_URL, else PGlite in DATA_DIR), brings every table in it up to date,
 * and opens the event store (KurrentDB at EVENTSTORE_URL, else the events table in that database). The service and
 * the scripts open them here, so they cannot disagree on where the data is, nor on which fields
 * are personal.
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
    await migrateDatabase(database, { events: !settings.eventStoreUrl });
    const personalDataKeys = new PostgresPersonalDataKeys(operationalDb(database));
    const store = new PersonalDataProtectingStore(
      await openEventStore(settings, database),
      personalDataKeys,
      personalData,
    );
    return { database, store, personalDataKeys };
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
  return new PostgresEventStore(database.db, database.kind);
}
