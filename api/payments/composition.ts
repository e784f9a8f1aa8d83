import type { EventStore } from '../../domain/eventstore/types';
import type { AccountsDeps } from '../accounts/services';
import type { PaymentsGateway } from '../adapters/stripe/gateway';
import { stripeGateway } from '../adapters/stripe/stripe-gateway';
import type { HttpModule } from '../http/app';
import type { Logger } from '../logging/logger';
import type { Settings } from '../settings';
import { paymentsModule } from './routes';
import { subscriptionsHandler, type PaymentsDeps } from './services';

/**
 * Stripe when a key is configured, else the stand-in the composition root hands in (a local test
 * checkout); the payment routes cannot tell.
 */
export async function composePayments(o: {
  settings: Settings;
  logger: Logger;
  store: EventStore;
  accounts: AccountsDeps;
  standIn: () => Promise<{ gateway: PaymentsGateway; modules: HttpModule[] }>;
}) {
  const { settings, logger, accounts } = o;
  const standIn = settings.stripe ? undefined : await o.standIn();
  const gateway = settings.stripe ? await stripeGateway(settings.stripe) : standIn!.gateway;
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
    ...(standIn?.modules ?? []),
  ];
  return { deps, modules, standIn: gateway.standIn };
}
