import type { BackfillCommand, BackfillStreamState } from '../../domain/backfill/decider';
import type { BackfillEvent } from '../../domain/backfill/events';
import type { BackfillSearch } from '../../domain/backfill/search';
import type { BackfillScope } from '../../domain/backfill/events';
import type { EventStore } from '../../domain/eventstore/types';
import { isFieldMapped, LOCATION_FIELDS } from '../../domain/portals/config';
import { HUBSPOT_TIMEZONE_PROPERTY } from '../../domain/lookups/fill';
import type { ReadModelDb } from '../../projections/schema';
import type { ZipTable } from '../adapters/geocoder/zip-table';
import type { CreditsHandler } from '../credits/handler';
import type { CommandHandler } from '../eventsourcing/command-handler';
import type { CrmClientFactory, CrmObjectType, PortalDirectory, PortalRoute } from '../portals/types';

export type BackfillHandler = CommandHandler<BackfillStreamState, BackfillCommand, BackfillEvent>;

/** What the backfill routes and runner work with. */
export interface BackfillDeps {
  store: EventStore;
  jobs: BackfillHandler;
  credits: CreditsHandler;
  portals: PortalDirectory;
  crm: CrmClientFactory;
  zipTable: ZipTable;
  readModels: ReadModelDb;
  now: () => Date;
  /** Records read and processed at once (HubSpot's search answers at most 200). */
  pageSize: number;
}

/** The CRM properties the portal's mapping writes on an object type. */
export function mappedProperties(route: PortalRoute, objectType: CrmObjectType): string[] {
  const mapping = route.config[objectType];
  const properties = LOCATION_FIELDS.map((field) => mapping[field]).filter(isFieldMapped);
  if (objectType === 'contact' && route.config.contact.updateTimezone)
    properties.push(HUBSPOT_TIMEZONE_PROPERTY);
  return [...new Set(properties)];
}

/** What a job of this scope reads in this portal. */
export const searchOf = (
  route: PortalRoute,
  job: { objectType: CrmObjectType; scope: BackfillScope; changedSince: string | null },
): BackfillSearch => ({
  objectType: job.objectType,
  zipProperty: route.zipProperty[job.objectType],
  mappedProperties: mappedProperties(route, job.objectType),
  scope: job.scope,
  changedSince: job.changedSince,
});
