import type { EventStore } from '../../domain/eventstore/types';
import type { ReadModelDb } from '../../projections/schema';
import type { Locks } from '../../projections/worker';
import type { OperationalDb } from '../db/operational';
import { Reactor } from '../eventsourcing/reactor';
import type { Logger } from '../logging/logger';
import { privacyDeletions } from './reactor';

/** The reactor that forgets contacts deleted for privacy in the request logs. */
export function composePrivacyDeletions(o: {
  store: EventStore;
  readModels: ReadModelDb;
  operational: OperationalDb;
  locks: Locks;
  logger: Logger;
  now: () => Date;
  flushLogs: () => Promise<void>;
}): Reactor {
  return new Reactor({
    store: o.store,
    readModels: o.readModels,
    locks: o.locks,
    logger: o.logger,
    reaction: privacyDeletions({
      operational: o.operational,
      now: o.now,
      logger: o.logger,
      flushLogs: o.flushLogs,
    }),
  });
}
