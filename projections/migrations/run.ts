import type { Migrator } from 'kysely';

/** PostgreSQL's "schema does not exist" and "relation does not exist". */
const VANISHED = new Set(['3F000', '42P01']);
const ATTEMPTS = 5;

/**
 * Runs a migrator to the latest migration. Before migrating, kysely's introspection asks about
 * every table of every schema in the database; when another schema is dropped meanwhile (test
 * suites each drop their own on one server), that question fails naming the other schema or one of its tables. It is
 * asked again rather than taken for a failed migration.
 */
export async function runMigrations(migrator: Migrator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { error } = await migrator.migrateToLatest();
    if (!error) return;
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !VANISHED.has(code) || attempt >= ATTEMPTS) throw error;
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}
