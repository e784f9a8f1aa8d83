import type { Kysely } from 'kysely';
import type { OperationalDb, OperationalTables } from '../db/operational';
import type { SandboxCrmTables } from './hubspot/tables';
import type { StripeSandboxTables } from './stripe/tables';

/**
 * The stand-ins keep their data in the operational database, in tables of their own (created by
 * the dated operational migrations named `*sandbox*`, which stay in the one migration history).
 * Their types live here so that the product's database type knows nothing of them.
 */
export type SandboxDb = Kysely<OperationalTables & SandboxCrmTables & StripeSandboxTables>;

export function sandboxDb(operational: OperationalDb): SandboxDb {
  // The same connection seen with the stand-ins' tables as well; only the types differ.
  return operational as unknown as SandboxDb;
}
