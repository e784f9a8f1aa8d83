import type { Migrator } from 'kysely';

/** Runs a migrator to the latest migration; kysely answers a failure instead of throwing it. */
export async function runMigrations(migrator: Migrator): Promise<void> {
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
