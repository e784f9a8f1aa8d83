import type { EventStore } from '../../domain/eventstore/types';
import type { ReadModelDb } from '../../projections/schema';
import type { Locks } from '../../projections/worker';
import type { AccountHandler } from '../accounts/handler';
import type { OperationalDb } from '../db/operational';
import { Reactor } from '../eventsourcing/reactor';
import type { Logger } from '../logging/logger';
import { portalNotices } from './notices';

/** The reactor that mails a portal's owner when HubSpot revoked ZipFill's access. */
export function composePortalNotices(o: {
  store: EventStore;
  readModels: ReadModelDb;
  operational: OperationalDb;
  locks: Locks;
  logger: Logger;
  accounts: AccountHandler;
  now: () => Date;
  publicUrl: string;
  /** Called after a notice was queued (wakes the mail dispatcher). */
  mailQueued: () => void;
}): Reactor {
  return new Reactor({
    store: o.store,
    readModels: o.readModels,
    locks: o.locks,
    logger: o.logger,
    reaction: portalNotices({
      accounts: o.accounts,
      operational: o.operational,
      now: o.now,
      publicUrl: o.publicUrl,
      queued: o.mailQueued,
    }),
  });
}
