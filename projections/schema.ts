import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { migrations } from './migrations';
import { runMigrations } from './migrations/run';
import type { CheckpointTables } from './checkpoint-tables';
import type { AccountTables } from './accounts/tables';
import type { CreditBalanceTables } from './credits/tables';
import type { LookupRequestTables } from './lookups/tables';
import type { DailyUsageTables } from './usage/tables';
import type { PortalTables } from './portals/tables';
import type { AdminTables } from './admin/tables';
import type { WrittenValueTables } from './writes/tables';
import type { BackfillTables } from './backfill/tables';
import type { ForgottenRecordTables, PrivacyDeletionTables } from './privacy/tables';
import type { RecordHistoryTables } from './record-history/tables';

/** Every read-model table, as kysely sees it. Each read model adds its tables here. */
export type ReadModels = CheckpointTables &
  AccountTables &
  CreditBalanceTables &
  LookupRequestTables &
  DailyUsageTables &
  PortalTables &
  AdminTables &
  WrittenValueTables &
  BackfillTables &
  PrivacyDeletionTables &
  ForgottenRecordTables &
  RecordHistoryTables;

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

/** The read-model tables' migrator, its bookkeeping in `schema` (the connection's own by default). */
export async function readModelMigrator(db: Kysely<unknown>, schema?: string): Promise<Migrator> {
  // Named explicitly: without a schema, kysely takes a migration table in ANY schema of the
  // database as this one's, and a fresh schema beside another (tests, bench) then fails to migrate.
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return new Migrator({
    db,
    provider: new ListedMigrations(),
    migrationTableSchema: schema ?? rows[0]?.schema ?? 'public',
    migrationTableName: 'rm_migration',
    migrationLockTableName: 'rm_migration_lock',
  });
}

/** Brings the read-model tables up to date (the service does it under a lock: api/db/migrate). */
export async function migrateReadModels(db: Kysely<unknown>, schema?: string): Promise<void> {
  await runMigrations(await readModelMigrator(db, schema));
}
