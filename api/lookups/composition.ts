import type { EventStore } from '../../domain/eventstore/types';
import type { ProjectionRunner } from '../../projections/runner';
import type { ReadModelDb } from '../../projections/schema';
import { lookupRequestsProjection } from '../../projections/lookups/projection';
import { zipTable } from '../adapters/geocoder/zip-table';
import type { AccountsDeps } from '../accounts/services';
import type { Database } from '../db/database';
import type { HttpModule } from '../http/app';
import type { HubSpotSide } from '../portals/types';
import type { Logger } from '../logging/logger';
import { emailsOf } from '../../projections/accounts/queries';
import { LookupJournal } from './journal';
import type { Metrics } from '../metrics/metrics';
import { LookupProcessor } from './processor';
import { usageModule } from './usage-routes';
import { hubspotWebhookModule } from './webhook';
import { workflowActionModule } from '../workflow/action';
import { recordCardModule } from '../record-card/routes';

export interface LookupsParts {
  modules: HttpModule[];
  /** Absent until the HubSpot side is wired. */
  processor?: LookupProcessor;
}

/** The webhook, the workflow action, the record card, the lookup processor and the usage chart, wired to the rest of the system. */
export function composeLookups(deps: {
  publicUrl: string;
  logger: Logger;
  store: EventStore;
  database: Database;
  readModels: ReadModelDb;
  runner: ProjectionRunner;
  accounts: AccountsDeps;
  hubspot: HubSpotSide | undefined;
  now: () => Date;
  metrics?: Metrics;
}): LookupsParts {
  const usage = usageModule({
    sessions: deps.accounts.sessions,
    accounts: deps.accounts.accounts,
    readModels: deps.readModels,
    now: deps.now,
  });
  if (!deps.hubspot) {
    deps.logger.warn(
      'HubSpot is not wired: the webhook, the workflow action and the lookup processor are off',
    );
    return { modules: [usage] };
  }
  const journal = new LookupJournal(deps.logger, (userIds) => emailsOf(deps.readModels, userIds));
  const table = zipTable();
  const processor = new LookupProcessor({
    journal,
    store: deps.store,
    readModels: deps.readModels,
    locks: deps.database.locks,
    credits: deps.accounts.credits,
    portals: deps.hubspot.portals,
    crm: deps.hubspot.crm,
    zipTable: table,
    now: deps.now,
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    concurrency: deps.database.kind === 'pglite' ? 2 : 4,
    log: (level, message, fields) => deps.logger[level](message, fields),
  });
  deps.runner.onApplied((name) => {
    if (name === lookupRequestsProjection.name) processor.wake();
  });
  const webhook = hubspotWebhookModule({
    store: deps.store,
    publicUrl: deps.publicUrl,
    webhookSecret: deps.hubspot.webhookSecret,
    now: deps.now,
    journal,
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
  });
  // The workflow action and the record card's Fill now run the same lookup path.
  const actionDeps = {
    store: deps.store,
    credits: deps.accounts.credits,
    portals: deps.hubspot.portals,
    crm: deps.hubspot.crm,
    zipTable: table,
    readModels: deps.readModels,
    now: deps.now,
    journal,
    publicUrl: deps.publicUrl,
    secret: deps.hubspot.webhookSecret,
  };
  const workflowAction = workflowActionModule(actionDeps);
  const recordCard = recordCardModule(actionDeps);
  return { modules: [webhook, workflowAction, recordCard, usage], processor };
}
