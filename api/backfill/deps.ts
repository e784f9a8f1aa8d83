import type { BackfillCommand, BackfillStreamState } from '../../domain/backfill/decider';
import type { BackfillEvent } from '../../domain/backfill/events';
import { recordsCreatedUpTo, type BackfillSearch, type SearchScope } from '../../domain/backfill/search';
import { mappedProperties } from '../../domain/lookups/fill';
import type { CommandHandler } from '../eventsourcing/command-handler';
import type { LookupJournal } from '../lookups/journal';
import type { LookupDeps } from '../lookups/wave';
import type { CrmObjectType, PortalRoute } from '../portals/types';

export type BackfillHandler = CommandHandler<BackfillStreamState, BackfillCommand, BackfillEvent>;

/** What the backfill routes and runner work with. */
export interface BackfillDeps extends LookupDeps {
  jobs: BackfillHandler;
  /** Records read and processed at once (HubSpot's search answers at most 200). */
  pageSize: number;
  /** Records a dry run reads at most before it estimates: DRY_RUN_SAMPLE_SIZE (tests read fewer). */
  dryRunSample: number;
  /** Tells each record's outcome in the admin's logs, under the job's request; absent, nothing is told. */
  journal?: LookupJournal;
}

/** The CRM properties the portal's mapping writes on an object type. */
export const mappedPropertiesOf = (route: PortalRoute, objectType: CrmObjectType): string[] =>
  mappedProperties(route.config[objectType]);

/** What a job of this scope (or a health check), started at `startedAt` (ISO), reads in this portal. */
export const searchOf = (
  route: PortalRoute,
  job: { objectType: CrmObjectType; scope: SearchScope; changedSince: string | null; startedAt: string },
): BackfillSearch => ({
  objectType: job.objectType,
  zipProperty: route.zipProperty[job.objectType],
  mappedProperties: mappedPropertiesOf(route, job.objectType),
  scope: job.scope,
  changedSince: job.changedSince,
  createdUpTo: recordsCreatedUpTo(job.startedAt),
});
