import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database';
import { operationalMigrations } from './operational-migrations';
import { runMigrations } from '../../projections/migrations/run';
import type { PasswordResetTables } from '../accounts/tables';
import type { AuthTables } from '../auth/tables';
import type { UnsubscribeTokenTables } from '../credits/tables';
import type { RequestLogTables } from '../logging/tables';
import type { MailOutboxTables } from '../mail/tables';
import type { HubSpotTables } from '../portals/tables';
import type { WorkerLeaseTables } from './lease-tables';
import type { PersonalDataKeyTables } from '../personal-data/tables';

/**
 * Tables for operational data that is not business history (sessions, reset tokens, the mail
 * outbox, rate-limit counters): ordinary rows, changed in place, never rebuilt from events.
 */
export type OperationalTables = AuthTables &
  PasswordResetTables &
  UnsubscribeTokenTables &
  MailOutboxTables &
  HubSpotTables &
  RequestLogTables &
  WorkerLeaseTables &
  PersonalDataKeyTables;

export type OperationalDb = Kysely<OperationalTables>;

export function operationalDb(database: Database): OperationalDb {
  // The handle is untyped where it is opened; this is where the operational tables get their types.
  return database.db as unknown as OperationalDb;
}

class ListedMigrations implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return operationalMigrations;
  }
}

/** The operational tables' migrator, its bookkeeping in the database's schema. */
export function operationalMigrator(database: Database): Migrator {
  return new Migrator({
    db: database.db,
    provider: new ListedMigrations(),
    migrationTableSchema: database.schema,
    migrationTableName: 'op_migration',
    migrationLockTableName: 'op_migration_lock',
  });
}

/** Brings the operational tables up to date (the service does it under a lock: api/db/migrate). */
export async function migrateOperational(database: Database): Promise<void> {
  await runMigrations(operationalMigrator(database));
}
