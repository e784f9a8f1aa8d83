import type { MigrationResultSet, Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runMigrations } from './run';

/** A migrator that answers the given results in turn, counting the runs. */
function migratorAnswering(...results: MigrationResultSet[]) {
  const runs = { count: 0 };
  const migrator = {
    migrateToLatest: async () => results[runs.count++] ?? {},
  } as unknown as Migrator;
  return { migrator, runs };
}

const error = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

describe('running migrations', () => {
  it('asks again when another schema vanished while kysely looked at every table', async () => {
    const { migrator, runs } = migratorAnswering({ error: error('3F000') }, { error: error('3F000') }, {});
    await runMigrations(migrator);
    expect(runs.count).toBe(3);
  });

  it('reports any other failure at once', async () => {
    const { migrator, runs } = migratorAnswering({ error: error('42P07') }, {});
    await expect(runMigrations(migrator)).rejects.toThrow('failed with 42P07');
    expect(runs.count).toBe(1);
  });

  it('gives up after five vanished schemas in a row', async () => {
    const failures = Array.from({ length: 6 }, () => ({ error: error('3F000') }));
    const { migrator, runs } = migratorAnswering(...failures);
    await expect(runMigrations(migrator)).rejects.toThrow('failed with 3F000');
    expect(runs.count).toBe(5);
  });
});
