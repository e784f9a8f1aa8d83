import { sql, type Migrator } from 'kysely';
import { eventStoreMigrator } from '../adapters/eventstore/postgres/schema';
import { runMigrations } from '../../projections/migrations/run';
import { readModelMigrator } from '../../projections/schema';
import type { Database } from './database';
import { operationalMigrator } from './operational';

export interface MigrateOptions {
  /** Whether the events live in this database (false when KurrentDB keeps them). */
  events: boolean;
}

/**
 * Every migrator of this database in the order they run: operational tables first (the
 * personal-data keys must exist before an event is read), then the event store, then the read
 * models.
 */
export async function databaseMigrators(database: Database, options: MigrateOptions): Promise<Migrator[]> {
  return [
    operationalMigrator(database),
    ...(options.events ? [await eventStoreMigrator(database.db, database.schema)] : []),
    await readModelMigrator(database.db, database.schema),
  ];
}

/**
 * Brings every table the service keeps in this database up to date.
 *
 * On PostgreSQL the whole run holds one session-level advisory lock named after the schema (a
 * deployment's database; tests keep one schema each on a shared server), so any number of
 * processes starting at once on a new database, or after a release that adds a migration, take
 * turns: the first migrates, the others find nothing left to do. Kysely's own lock covers a
 * migration but not the creation of its lock table, which is where starting processes used to
 * collide. PGlite needs no lock: its folder's lock file admits one process.
 */
export async function migrateDatabase(database: Database, options: MigrateOptions): Promise<void> {
  const migrate = async () => {
    for (const migrator of await databaseMigrators(database, options)) await runMigrations(migrator);
  };
  if (database.kind === 'pglite') return migrate();
  const key = `zipfill:migrations:${database.schema}`;
  await database.db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtextextended(${key}, 0))`.execute(connection);
    try {
      await migrate();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(connection);
    }
  });
}
