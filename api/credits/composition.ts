import type { AccountsDeps } from '../accounts/services';
import type { OperationalDb } from '../db/operational';
import { reactorOn, type ReactorInfrastructure } from '../eventsourcing/reactor';
import type { HttpModule } from '../http/app';
import { creditNotices } from './notices';
import { creditAccountModule } from './routes';

/** The balance, usage and threshold routes, and the reactor that mails low-credit notices. */
export function composeCredits(
  o: ReactorInfrastructure & {
    accounts: AccountsDeps;
    operational: OperationalDb;
    publicUrl: string;
    /** Called after a notice was queued (wakes the mail dispatcher). */
    mailQueued: () => void;
  },
) {
  const { accounts } = o;
  const modules: HttpModule[] = [
    creditAccountModule({ ...accounts, readModels: o.readModels, operational: o.operational }),
  ];
  const notices = reactorOn(
    o,
    creditNotices({
      accounts: accounts.accounts,
      credits: accounts.credits,
      operational: o.operational,
      now: accounts.now,
      publicUrl: o.publicUrl,
      queued: o.mailQueued,
    }),
  );
  return {
    modules,
    notices,
    start() {
      notices.start();
    },
    async stop() {
      await notices.stop();
    },
  };
}
