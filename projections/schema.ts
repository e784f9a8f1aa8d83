import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { migrations } from './migrations';
import type { CheckpointTables } from './migrations/2026_11_22_0001_checkpoints';
import type { AccountTables } from './migrations/2026_11_23_0001_accounts';
import type { CreditBalanceTables } from './migrations/2026_11_23_0002_credit_balances';
import type { LookupRequestTables } from './migrations/2026_11_24_0101_lookup_requests';
import type { DailyUsageTables } from './migrations/2026_11_24_0102_daily_usage';
import type { PortalTables } from './migrations/2026_11_24_0001_portals';
import type { AdminTables } from './migrations/2026_11_24_0001_admin';
import { runMigrations } from './migrations/run';

/** Every read-model table, as kysely sees it. Each read model adds its tables here. */
export type ReadModels = CheckpointTables &
  AccountTables &
  CreditBalanceTables &
  LookupRequestTables &
  DailyUsageTables &
  PortalTables &
  AdminTables;

export type ReadModelDb = Kysely<ReadModels>;

export function readModels(db: Kysely<unknown>): ReadModelDb {
  // The database handle is untyped where it is opened; this is where its tables get their types.
  return db as unknown as ReadModelDb;
}

class ListedMigrations implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Brings the read-model tables up to date; runs at every start, safe from several processes. */
export async function migrateReadModels(db: Kysely<unknown>, schema?: string): Promise<void> {
  // Named explicitly: without a schema, kysely takes a migration table in ANY schema of the
  // database as this one's, and a fresh schema beside another (tests, bench) then fails to migrate.
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: new ListedMigrations(),
    migrationTableSchema: schema ?? rows[0]?.schema ?? 'public',
    migrationTableName: 'rm_migration',
    migrationLockTableName: 'rm_migration_lock',
  });
  await runMigrations(migrator);
}
