import type { AccountHandler } from '../accounts/handler';
import type { OperationalDb } from '../db/operational';
import { reactorOn, type Reactor, type ReactorInfrastructure } from '../eventsourcing/reactor';
import { portalNotices } from './notices';

/** The reactor that mails a portal's owner when HubSpot revoked ZipFill's access. */
export function composePortalNotices(
  o: ReactorInfrastructure & {
    operational: OperationalDb;
    accounts: AccountHandler;
    now: () => Date;
    publicUrl: string;
    /** Called after a notice was queued (wakes the mail dispatcher). */
    mailQueued: () => void;
  },
): Reactor {
  return reactorOn(
    o,
    portalNotices({
      accounts: o.accounts,
      operational: o.operational,
      now: o.now,
      publicUrl: o.publicUrl,
      queued: o.mailQueued,
    }),
  );
}
