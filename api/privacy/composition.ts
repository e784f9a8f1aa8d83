import type { OperationalDb } from '../db/operational';
import { reactorOn, type Reactor, type ReactorInfrastructure } from '../eventsourcing/reactor';
import { privacyDeletions } from './reactor';

/** The reactor that forgets contacts deleted for privacy in the request logs. */
export function composePrivacyDeletions(
  o: ReactorInfrastructure & {
    operational: OperationalDb;
    now: () => Date;
    flushLogs: () => Promise<void>;
  },
): Reactor {
  return reactorOn(
    o,
    privacyDeletions({
      operational: o.operational,
      now: o.now,
      logger: o.logger,
      flushLogs: o.flushLogs,
    }),
  );
}
