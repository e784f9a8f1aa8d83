import type { EventStore } from '../../domain/eventstore/types';
import type { AccountsDeps } from '../accounts/services';
import { sandboxGateway } from '../sandbox/stripe/gateway';
import { sandboxStripeModule } from '../sandbox/stripe/routes';
import { stripeGateway } from '../adapters/stripe/stripe-gateway';
import type { OperationalDb } from '../db/operational';
import type { HttpModule } from '../http/app';
import type { Logger } from '../logging/logger';
import type { Settings } from '../settings';
import { paymentsModule } from './routes';
import { subscriptionsHandler, type PaymentsDeps } from './services';

/** Stripe when a key is configured, else the local test checkout; the payment routes cannot tell. */
export async function composePayments(o: {
  settings: Settings;
  logger: Logger;
  store: EventStore;
  operational: OperationalDb;
  accounts: AccountsDeps;
}) {
  const { settings, logger, accounts } = o;
  const sandbox = settings.stripe
    ? undefined
    : await sandboxGateway(o.operational, { publicUrl: settings.publicUrl, now: accounts.now });
  const gateway = settings.stripe ? stripeGateway(settings.stripe) : sandbox!;
  if (sandbox) {
    logger.warn(
      'No STRIPE_SECRET_KEY: payments use the local test checkout; no card is charged and credits are granted for test payments',
    );
  }
  const deps: PaymentsDeps = {
    gateway,
    subscriptions: subscriptionsHandler(o.store),
    credits: accounts.credits,
    accounts: accounts.accounts,
    gate: accounts.gate,
    now: accounts.now,
    logger,
    publicUrl: settings.publicUrl,
  };
  const modules: HttpModule[] = [
    paymentsModule({ ...deps, sessions: accounts.sessions }),
    ...(sandbox
      ? [sandboxStripeModule({ db: o.operational, gateway: sandbox, logger, now: accounts.now })]
      : []),
  ];
  return { deps, modules, standIn: gateway.standIn };
}
