import type { DomainEvent } from '../decider';
import type { PackageId } from '../credits/pricing';

/** What one period of a subscription buys, priced from the server's table when it started. */
export interface SubscriptionPlan {
  packageId: PackageId | null;
  customCredits: number | null;
  credits: number;
  amountCents: number;
}

/** Stripe's subscription statuses; only active and trialing count as an active subscription. */
export type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
];

export type SubscriptionEvent =
  | DomainEvent<'StripeCustomerLinked', { customerId: string; at: string }>
  | DomainEvent<
      'SubscriptionStarted',
      {
        subscriptionId: string;
        customerId: string;
        /** The first invoice, paid with the checkout: its credits are granted once, under its id. */
        invoiceId: string;
        checkoutSessionId: string | null;
        plan: SubscriptionPlan;
        at: string;
      }
    >
  | DomainEvent<
      'SubscriptionRenewed',
      {
        subscriptionId: string;
        invoiceId: string;
        plan: SubscriptionPlan;
        periodStart: string;
        at: string;
      }
    >
  | DomainEvent<
      'SubscriptionStatusChanged',
      {
        subscriptionId: string;
        status: SubscriptionStatus;
        cancelAtPeriodEnd: boolean;
        /** When Stripe reported it; an older report arriving late changes nothing. */
        reportedAt: string;
        at: string;
      }
    >
  | DomainEvent<'SubscriptionCanceled', { subscriptionId: string; endedAt: string; at: string }>
  /** A monthly checkout was opened at Stripe; it replaces any older one still open. */
  | DomainEvent<'SubscriptionCheckoutOpened', { sessionId: string; plan: SubscriptionPlan; at: string }>;
