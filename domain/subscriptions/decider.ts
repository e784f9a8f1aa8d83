import { findPackage } from '../credits/pricing';
import { assertNever, type Decider } from '../decider';
import { SubscriptionRuleError } from './errors';
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

/** A monthly checkout opened at Stripe and not yet paid. */
export interface OpenCheckout {
  sessionId: string;
  plan: SubscriptionPlan;
  openedAt: string;
}

export interface SubscriptionsState {
  customerId: string | null;
  subscriptions: ReadonlyMap<string, KnownSubscription>;
  /** The latest monthly checkout, until a subscription starts. */
  openCheckout: OpenCheckout | null;
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
  | { type: 'CancelSubscription'; subscriptionId: string; endedAt: string; at: string }
  | { type: 'OpenSubscriptionCheckout'; sessionId: string; plan: SubscriptionPlan; at: string };

export const initialSubscriptionsState = (): SubscriptionsState => ({
  customerId: null,
  subscriptions: new Map(),
  openCheckout: null,
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
      const started = { ...state, customerId: state.customerId ?? customerId, openCheckout: null };
      return update(started, subscriptionId, (s) => ({
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
    case 'SubscriptionCheckoutOpened':
      return {
        ...state,
        openCheckout: { sessionId: event.data.sessionId, plan: event.data.plan, openedAt: event.data.at },
      };
    default:
      return assertNever(event);
  }
}

/**
 * The subscription rules. Whichever of the checkout completion and the first invoice arrives
 * first starts the subscription with that invoice; every other invoice is a renewal; an invoice
 * already recorded is recorded (and paid for) once. A canceled subscription takes no invoice for a
 * period that starts at or after its end, and a status report older than the last one is ignored.
 * A user holds one subscription at a time (see subscriptionCheckoutRefusal).
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
    case 'OpenSubscriptionCheckout': {
      if (state.openCheckout?.sessionId === command.sessionId) return [];
      const refusal = subscriptionCheckoutRefusal(state, command.at);
      if (refusal) throw refusal;
      const { sessionId, plan, at } = command;
      return [{ type: 'SubscriptionCheckoutOpened', data: { sessionId, plan, at } }];
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

const isActive = (s: KnownSubscription) => s.started && !s.endedAt && ACTIVE.includes(s.status);

/** A subscription that is paid for and running. */
export function hasActiveSubscription(state: SubscriptionsState): boolean {
  return [...state.subscriptions.values()].some(isActive);
}

/** What the active subscription's latest invoice paid for; undefined without an active subscription. */
export function activePlan(state: SubscriptionsState): SubscriptionPlan | undefined {
  const active = [...state.subscriptions.values()].find(isActive);
  return active ? [...active.paidInvoices.values()].at(-1) : undefined;
}

/** How a plan is named to the person: its package, or the custom amount, and what a month brings. */
export function planName(plan: SubscriptionPlan): string {
  const pkg = plan.packageId ? findPackage(plan.packageId) : undefined;
  const name = pkg ? pkg.name.replace(/ Pack.*$/, '') : 'Custom';
  return `${name} (${plan.credits.toLocaleString('en-US')} credits a month)`;
}

/** A second checkout this soon after the last one is a double click or a second tab, not a new choice. */
export const CHECKOUT_IN_PROGRESS_MS = 60_000;

/**
 * One subscription at a time. A monthly checkout is refused while a subscription is active (the
 * plan is changed in the billing portal instead), and while another monthly checkout opened less
 * than a minute ago: two checkouts racing open one. An older open checkout is replaced; the
 * service expires it at Stripe first, so it can no longer be paid.
 */
export function subscriptionCheckoutRefusal(
  state: SubscriptionsState,
  at: string,
): SubscriptionRuleError | undefined {
  const active = activePlan(state);
  if (active) {
    return new SubscriptionRuleError(
      'already_subscribed',
      active,
      `You already subscribe to ${planName(active)}. Change your plan in the billing portal instead of starting a second subscription.`,
    );
  }
  const open = state.openCheckout;
  if (open && Date.parse(at) - Date.parse(open.openedAt) < CHECKOUT_IN_PROGRESS_MS) {
    return new SubscriptionRuleError(
      'checkout_in_progress',
      open.plan,
      `A checkout for ${planName(open.plan)} was opened a moment ago. Finish it there, or try again in a minute.`,
    );
  }
  return undefined;
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
