import { backfillDecider } from '../../domain/backfill/decider';
import { DRY_RUN_SAMPLE_SIZE } from '../../domain/backfill/estimate';
import type { EventStore } from '../../domain/eventstore/types';
import type { ReadModelDb } from '../../projections/schema';
import type { AccountsDeps } from '../accounts/services';
import { zipTable } from '../adapters/geocoder/zip-table';
import type { Database } from '../db/database';
import { CommandHandler } from '../eventsourcing/command-handler';
import type { HttpModule } from '../http/app';
import type { Logger } from '../logging/logger';
import type { HubSpotSide } from '../portals/types';
import type { BackfillDeps } from './deps';
import { LookupJournal } from '../lookups/journal';
import { emailsOf } from '../../projections/accounts/queries';
import { backfillModule } from './routes';
import { addressHealthModule } from '../address-health/routes';
import { BackfillRunner } from './runner';

export interface BackfillParts {
  modules: HttpModule[];
  runner?: BackfillRunner;
}

/** Records read and processed at once: HubSpot's largest search page. */
export const BACKFILL_PAGE_SIZE = 200;

/**
 * The backfill routes, the address health check that reads as its dry run does, and the one
 * runner that takes jobs forward, wired to the rest of the system.
 */
export function composeBackfill(deps: {
  logger: Logger;
  store: EventStore;
  database: Database;
  readModels: ReadModelDb;
  accounts: AccountsDeps;
  hubspot: HubSpotSide | undefined;
  now: () => Date;
  pageSize?: number;
  concurrency?: number;
  dryRunSample?: number;
}): BackfillParts {
  if (!deps.hubspot) return { modules: [] };
  const services: BackfillDeps = {
    store: deps.store,
    jobs: new CommandHandler(deps.store, backfillDecider),
    credits: deps.accounts.credits,
    portals: deps.hubspot.portals,
    crm: deps.hubspot.crm,
    zipTable: zipTable(),
    readModels: deps.readModels,
    now: deps.now,
    pageSize: deps.pageSize ?? BACKFILL_PAGE_SIZE,
    dryRunSample: deps.dryRunSample ?? DRY_RUN_SAMPLE_SIZE,
    // Every record's outcome in the admin's logs, as a live lookup's: "Lookups only" shows them all.
    journal: new LookupJournal(deps.logger, (userIds) => emailsOf(deps.readModels, userIds)),
  };
  const runner = new BackfillRunner({
    ...services,
    locks: deps.database.locks,
    concurrency: deps.concurrency ?? (deps.database.kind === 'pglite' ? 1 : 2),
    log: (level, message, fields) => deps.logger[level](message, fields),
  });
  const auth = { sessions: deps.accounts.sessions, accounts: deps.accounts.accounts };
  return {
    modules: [
      backfillModule({ ...services, auth, wake: () => runner.wake() }),
      // The health check reads as the dry run does, in the same HubSpot budget and sample.
      addressHealthModule({ ...services, auth }),
    ],
    runner,
  };
}
