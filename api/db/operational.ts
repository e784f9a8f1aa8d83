import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database } from './database';
import { operationalMigrations } from './operational-migrations';
import type { SessionTables } from './operational-migrations/2026_11_23_0001_sessions';
import type { MailTokenLimitTables } from './operational-migrations/2026_11_23_0002_mail_tokens_limits';
import type { HubSpotTables } from './operational-migrations/2026_11_24_0001_hubspot';
import type { SandboxCrmTables } from './operational-migrations/2026_11_24_0002_sandbox_crm';
import type { StripeSandboxTables } from './operational-migrations/2026_11_24_0001_stripe_sandbox';
import type { RequestLogTables } from './operational-migrations/2026_11_24_0001_request_logs';
import type { RequestLogRequestTables } from './operational-migrations/2026_11_24_0002_request_log_requests';
import { runMigrations } from '../../projections/migrations/run';

/**
 * Tables for operational data that is not business history (sessions, reset tokens, the mail
 * outbox, rate-limit counters): ordinary rows, changed in place, never rebuilt from events.
 */
export type OperationalTables = SessionTables &
  MailTokenLimitTables &
  HubSpotTables &
  SandboxCrmTables &
  StripeSandboxTables &
  RequestLogTables &
  RequestLogRequestTables;

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

/** Brings the operational tables up to date; runs at every start, safe from several processes. */
export async function migrateOperational(database: Database): Promise<void> {
  const migrator = new Migrator({
    db: database.db,
    provider: new ListedMigrations(),
    migrationTableSchema: database.schema,
    migrationTableName: 'op_migration',
    migrationLockTableName: 'op_migration_lock',
  });
  await runMigrations(migrator);
}
