import {
  subscriptionsDecider,
  type SubscriptionCommand,
  type SubscriptionsState,
} from '../../domain/subscriptions/decider';
import type { SubscriptionEvent } from '../../domain/subscriptions/events';
import type { EventStore } from '../../domain/eventstore/types';
import type { AccountHandler } from '../accounts/handler';
import type { AccountGate } from '../auth/gate';
import type { CreditsHandler } from '../credits/handler';
import type { Clock } from '../auth/sessions';
import type { PaymentsGateway } from '../adapters/stripe/gateway';
import { CommandHandler } from '../eventsourcing/command-handler';
import type { Logger } from '../logging/logger';

export type SubscriptionsHandler = CommandHandler<SubscriptionsState, SubscriptionCommand, SubscriptionEvent>;

export function subscriptionsHandler(store: EventStore): SubscriptionsHandler {
  return new CommandHandler(store, subscriptionsDecider);
}

/** What the payment routes and the webhook work with. */
export interface PaymentsDeps {
  gateway: PaymentsGateway;
  subscriptions: SubscriptionsHandler;
  credits: CreditsHandler;
  accounts: AccountHandler;
  /** Whether a payment's account still admits anything (a deleted one is paid nothing). */
  gate: AccountGate;
  now: Clock;
  logger: Logger;
  publicUrl: string;
}
