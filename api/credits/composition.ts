import type { EventStore } from '../../domain/eventstore/types';
import type { ReadModelDb } from '../../projections/schema';
import type { Locks } from '../../projections/worker';
import type { AccountsDeps } from '../accounts/services';
import type { OperationalDb } from '../db/operational';
import { Reactor } from '../eventsourcing/reactor';
import type { HttpModule } from '../http/app';
import type { Logger } from '../logging/logger';
import { creditNotices } from './notices';
import { creditAccountModule } from './routes';

/** The balance, usage and threshold routes, and the reactor that mails low-credit notices. */
export function composeCredits(o: {
  accounts: AccountsDeps;
  store: EventStore;
  readModels: ReadModelDb;
  operational: OperationalDb;
  locks: Locks;
  logger: Logger;
  publicUrl: string;
  /** Called after a notice was queued (wakes the mail dispatcher). */
  mailQueued: () => void;
}) {
  const { accounts } = o;
  const modules: HttpModule[] = [
    creditAccountModule({ ...accounts, readModels: o.readModels, operational: o.operational }),
  ];
  const notices = new Reactor({
    store: o.store,
    readModels: o.readModels,
    locks: o.locks,
    logger: o.logger,
    reaction: creditNotices({
      accounts: accounts.accounts,
      credits: accounts.credits,
      operational: o.operational,
      now: accounts.now,
      publicUrl: o.publicUrl,
      queued: o.mailQueued,
    }),
  });
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
