import { assertNever, type Decider } from '../decider';
import type { SubscriptionEvent, SubscriptionPlan, SubscriptionStatus } from './events';

/** One user's Stripe customer and subscriptions, keyed by Stripe's ids. */
export const subscriptionsStream = (userId: string) => `subscriptions-${userId}`;

export interface KnownSubscription {
  /** False while only status reports arrived: its first paid invoice is still to come. */
  started: boolean;
  status: SubscriptionStatus | null;
  cancelAtPeriodEnd: boolean;
  reportedAt: string | null;
  endedAt: string | null;
  /** Every invoice already recorded, the first one included: each is paid for once. */
  paidInvoices: ReadonlyMap<string, SubscriptionPlan>;
}

export interface SubscriptionsState {
  customerId: string | null;
  subscriptions: ReadonlyMap<string, KnownSubscription>;
}

export type SubscriptionCommand =
  | { type: 'LinkCustomer'; customerId: string; at: string }
  | {
      type: 'RecordSubscriptionPayment';
      subscriptionId: string;
      customerId: string;
      invoiceId: string;
      checkoutSessionId: string | null;
      plan: SubscriptionPlan;
      /** Start of the period the invoice pays for. */
      periodStart: string;
      at: string;
    }
  | {
      type: 'ReportSubscriptionStatus';
      subscriptionId: string;
      status: SubscriptionStatus;
      cancelAtPeriodEnd: boolean;
      reportedAt: string;
      at: string;
    }
  | { type: 'CancelSubscription'; subscriptionId: string; endedAt: string; at: string };

export const initialSubscriptionsState = (): SubscriptionsState => ({
  customerId: null,
  subscriptions: new Map(),
});

const unknownSubscription = (): KnownSubscription => ({
  started: false,
  status: null,
  cancelAtPeriodEnd: false,
  reportedAt: null,
  endedAt: null,
  paidInvoices: new Map(),
});

function update(
  state: SubscriptionsState,
  id: string,
  change: (s: KnownSubscription) => KnownSubscription,
): SubscriptionsState {
  const next = new Map(state.subscriptions);
  next.set(id, change(state.subscriptions.get(id) ?? unknownSubscription()));
  return { ...state, subscriptions: next };
}

function withInvoice(s: KnownSubscription, invoiceId: string, plan: SubscriptionPlan) {
  const paidInvoices = new Map(s.paidInvoices);
  paidInvoices.set(invoiceId, plan);
  return paidInvoices;
}

export function evolveSubscriptions(state: SubscriptionsState, event: SubscriptionEvent): SubscriptionsState {
  switch (event.type) {
    case 'StripeCustomerLinked':
      return { ...state, customerId: state.customerId ?? event.data.customerId };
    case 'SubscriptionStarted': {
      const { subscriptionId, invoiceId, plan, customerId } = event.data;
      return update({ ...state, customerId: state.customerId ?? customerId }, subscriptionId, (s) => ({
        ...s,
        started: true,
        // Paid means active, unless Stripe already reported where it went from there.
        status: s.status === null || s.status === 'incomplete' ? 'active' : s.status,
        paidInvoices: withInvoice(s, invoiceId, plan),
      }));
    }
    case 'SubscriptionRenewed':
      return update(state, event.data.subscriptionId, (s) => ({
        ...s,
        paidInvoices: withInvoice(s, event.data.invoiceId, event.data.plan),
      }));
    case 'SubscriptionStatusChanged':
      return update(state, event.data.subscriptionId, (s) => ({
        ...s,
        status: event.data.status,
        cancelAtPeriodEnd: event.data.cancelAtPeriodEnd,
        reportedAt: event.data.reportedAt,
      }));
    case 'SubscriptionCanceled':
      return update(state, event.data.subscriptionId, (s) => ({
        ...s,
        status: 'canceled',
        cancelAtPeriodEnd: false,
        endedAt: event.data.endedAt,
      }));
    default:
      return assertNever(event);
  }
}

/**
 * The subscription rules. Whichever of the checkout completion and the first invoice arrives
 * first starts the subscription with that invoice; every other invoice is a renewal; an invoice
 * already recorded is recorded (and paid for) once. A canceled subscription takes no invoice for a
 * period that starts at or after its end, and a status report older than the last one is ignored.
 */
export function decideSubscriptions(
  command: SubscriptionCommand,
  state: SubscriptionsState,
): SubscriptionEvent[] {
  switch (command.type) {
    case 'LinkCustomer':
      if (state.customerId !== null) return [];
      return [{ type: 'StripeCustomerLinked', data: { customerId: command.customerId, at: command.at } }];
    case 'RecordSubscriptionPayment': {
      const known = state.subscriptions.get(command.subscriptionId);
      if (known?.paidInvoices.has(command.invoiceId)) return [];
      if (known?.endedAt && command.periodStart >= known.endedAt) return [];
      const { subscriptionId, invoiceId, plan, at } = command;
      if (!known?.started) {
        return [
          {
            type: 'SubscriptionStarted',
            data: {
              subscriptionId,
              customerId: command.customerId,
              invoiceId,
              checkoutSessionId: command.checkoutSessionId,
              plan,
              at,
            },
          },
        ];
      }
      return [
        {
          type: 'SubscriptionRenewed',
          data: { subscriptionId, invoiceId, plan, periodStart: command.periodStart, at },
        },
      ];
    }
    case 'ReportSubscriptionStatus': {
      const known = state.subscriptions.get(command.subscriptionId);
      if (known?.endedAt) return [];
      if (known?.reportedAt && command.reportedAt < known.reportedAt) return [];
      if (known?.status === command.status && known.cancelAtPeriodEnd === command.cancelAtPeriodEnd)
        return [];
      const { subscriptionId, status, cancelAtPeriodEnd, reportedAt, at } = command;
      return [
        {
          type: 'SubscriptionStatusChanged',
          data: { subscriptionId, status, cancelAtPeriodEnd, reportedAt, at },
        },
      ];
    }
    case 'CancelSubscription': {
      if (state.subscriptions.get(command.subscriptionId)?.endedAt) return [];
      const { subscriptionId, endedAt, at } = command;
      return [{ type: 'SubscriptionCanceled', data: { subscriptionId, endedAt, at } }];
    }
    default:
      return assertNever(command);
  }
}

export const subscriptionsDecider: Decider<SubscriptionsState, SubscriptionCommand, SubscriptionEvent> = {
  initialState: initialSubscriptionsState,
  evolve: evolveSubscriptions,
  decide: decideSubscriptions,
};

const ACTIVE: readonly (SubscriptionStatus | null)[] = ['active', 'trialing'];

/** A subscription that is paid for and running. */
export function hasActiveSubscription(state: SubscriptionsState): boolean {
  return [...state.subscriptions.values()].some((s) => s.started && !s.endedAt && ACTIVE.includes(s.status));
}

/** The billing portal is offered to a customer with a subscription that has not ended (a past-due one too, to fix the card). */
export function canManageSubscription(state: SubscriptionsState): boolean {
  return state.customerId !== null && [...state.subscriptions.values()].some((s) => s.started && !s.endedAt);
}

/** The plan an invoice of this subscription was recorded with; undefined when it was not. */
export function paidInvoice(
  state: SubscriptionsState,
  subscriptionId: string,
  invoiceId: string,
): SubscriptionPlan | undefined {
  return state.subscriptions.get(subscriptionId)?.paidInvoices.get(invoiceId);
}
