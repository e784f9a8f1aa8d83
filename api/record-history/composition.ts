import type { EventStore } from '../../domain/eventstore/types';
import type { ReadModelDb } from '../../projections/schema';
import type { AccountsDeps } from '../accounts/services';
import type { HttpModule } from '../http/app';
import type { HubSpotSide } from '../portals/types';
import { recordHistoryModule } from './routes';

/** A record's history and its undo, wired to the HubSpot side (none without one). */
export function composeRecordHistory(deps: {
  store: EventStore;
  readModels: ReadModelDb;
  accounts: AccountsDeps;
  hubspot: HubSpotSide | undefined;
  now: () => Date;
}): HttpModule[] {
  if (!deps.hubspot) return [];
  return [
    recordHistoryModule({
      store: deps.store,
      readModels: deps.readModels,
      crm: deps.hubspot.crm,
      portals: deps.hubspot.portals,
      now: deps.now,
      auth: { sessions: deps.accounts.sessions, accounts: deps.accounts.accounts },
    }),
  ];
}
