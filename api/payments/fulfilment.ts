import { creditsStream } from '../../domain/credits/decider';
import { priceOffer, PricingError, type Offer, type PaymentType } from '../../domain/credits/pricing';
import { paidInvoice, subscriptionsStream } from '../../domain/subscriptions/decider';
import {
  SUBSCRIPTION_STATUSES,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from '../../domain/subscriptions/events';
import type { PaymentEvent } from '../adapters/stripe/gateway';
import type { PaymentsDeps } from './services';

type StripeObject = Record<string, unknown>;

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const obj = (value: unknown): StripeObject | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as StripeObject) : undefined;
/** An expandable field: the id, or the expanded object's id. */
const idOf = (value: unknown): string | undefined => str(value) ?? str(obj(value)?.id);
const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

/** How one delivery ended, for the log and the tests; every outcome is answered 200. */
export type FulfilmentOutcome =
  | { result: 'granted'; userId: string; credits: number; source: string }
  | { result: 'recorded'; userId: string }
  | { result: 'ignored'; reason: string }
  /** Money was taken but no credits follow: an operator must look (logged as a warning). */
  | { result: 'refused'; reason: string };

const ignored = (reason: string): FulfilmentOutcome => ({ result: 'ignored', reason });
const refused = (reason: string): FulfilmentOutcome => ({ result: 'refused', reason });

/**
 * The offer our own metadata names, priced again from the server's table. The client never wrote
 * this metadata (we did, when creating the session), and the credits still come from the table.
 */
function offerOf(metadata: StripeObject | undefined, paymentType: PaymentType): Offer | string {
  const packageId = str(metadata?.packageId);
  const custom = str(metadata?.customCredits);
  try {
    if (packageId) return priceOffer({ packageId, paymentType });
    if (custom && /^\d+$/.test(custom)) return priceOffer({ customCredits: Number(custom), paymentType });
  } catch (error) {
    if (error instanceof PricingError) return `metadata names no offer for sale: ${error.message}`;
    throw error;
  }
  return 'metadata names neither packageId nor customCredits';
}

/** What one period of a subscription buys, from the offer priced from the server's table. */
export const planOf = (offer: Offer): SubscriptionPlan => ({
  packageId: offer.packageId,
  customCredits: offer.customCredits,
  credits: offer.credits,
  amountCents: offer.amountCents,
});

/** Applies one verified Stripe event. Every grant is keyed by the Stripe object, so a repeat grants nothing. */
export function fulfilment(deps: PaymentsDeps) {
  const at = () => deps.now().toISOString();

  async function registeredUser(userId: string | undefined): Promise<string | undefined> {
    if (!userId || userId.length > 100) return undefined;
    return (await deps.gate.admit(userId))?.userId;
  }

  async function grantInvoice(
    userId: string,
    subscriptionId: string,
    invoiceId: string,
  ): Promise<FulfilmentOutcome> {
    const { state } = await deps.subscriptions.load(subscriptionsStream(userId));
    const plan = paidInvoice(state, subscriptionId, invoiceId);
    if (!plan)
      return refused(`invoice ${invoiceId} is not payable (its subscription ended before the period)`);
    await deps.credits.handle(
      creditsStream(userId),
      {
        type: 'AddCredits',
        credits: plan.credits,
        source: { kind: 'subscription_period', invoiceId, subscriptionId, amountCents: plan.amountCents },
        at: at(),
      },
      { commandId: `invoice:${invoiceId}`, metadata: { userId } },
    );
    return { result: 'granted', userId, credits: plan.credits, source: invoiceId };
  }

  async function recordPayment(
    userId: string,
    p: {
      subscriptionId: string;
      customerId: string;
      invoiceId: string;
      checkoutSessionId: string | null;
      offer: Offer;
      periodStart: string;
    },
  ): Promise<FulfilmentOutcome> {
    await deps.subscriptions.handle(
      subscriptionsStream(userId),
      {
        type: 'RecordSubscriptionPayment',
        subscriptionId: p.subscriptionId,
        customerId: p.customerId,
        invoiceId: p.invoiceId,
        checkoutSessionId: p.checkoutSessionId,
        plan: planOf(p.offer),
        periodStart: p.periodStart,
        at: at(),
      },
      { commandId: `invoice-paid:${p.invoiceId}`, metadata: { userId } },
    );
    return grantInvoice(userId, p.subscriptionId, p.invoiceId);
  }

  async function checkoutCompleted(session: StripeObject): Promise<FulfilmentOutcome> {
    const sessionId = str(session.id);
    if (!sessionId) return ignored('the session has no id');
    if (session.payment_status !== 'paid')
      return ignored(`session ${sessionId} is ${String(session.payment_status)}, not paid`);
    const metadata = obj(session.metadata);
    const userId = await registeredUser(str(metadata?.userId) ?? str(session.client_reference_id));
    if (!userId) return refused(`session ${sessionId} names no registered user`);
    const mode = session.mode;
    const offer = offerOf(metadata, mode === 'subscription' ? 'monthly' : 'oneTime');
    if (typeof offer === 'string') return refused(`session ${sessionId}: ${offer}`);
    const amount = num(session.amount_subtotal) ?? num(session.amount_total);
    if (amount !== offer.amountCents) {
      return refused(
        `session ${sessionId} charged ${String(amount)} cents, the table says ${offer.amountCents}`,
      );
    }
    const customerId = idOf(session.customer);
    if (customerId) {
      await deps.subscriptions.handle(
        subscriptionsStream(userId),
        { type: 'LinkCustomer', customerId, at: at() },
        { commandId: `customer:${customerId}`, metadata: { userId } },
      );
    }
    if (mode === 'payment') {
      await deps.credits.handle(
        creditsStream(userId),
        {
          type: 'AddCredits',
          credits: offer.credits,
          source: {
            kind: 'pack_purchase',
            checkoutSessionId: sessionId,
            packageId: offer.packageId,
            amountCents: offer.amountCents,
          },
          at: at(),
        },
        { commandId: `checkout:${sessionId}`, metadata: { userId } },
      );
      return { result: 'granted', userId, credits: offer.credits, source: sessionId };
    }
    if (mode !== 'subscription') return ignored(`session ${sessionId} is in ${String(mode)} mode`);
    const subscriptionId = idOf(session.subscription);
    const invoiceId = idOf(session.invoice);
    if (!subscriptionId || !invoiceId || !customerId)
      return ignored(`session ${sessionId} names no subscription, invoice or customer`);
    return recordPayment(userId, {
      subscriptionId,
      customerId,
      invoiceId,
      checkoutSessionId: sessionId,
      offer,
      periodStart: isoOf(num(session.created) ?? 0),
    });
  }

  async function invoicePaid(invoice: StripeObject): Promise<FulfilmentOutcome> {
    const invoiceId = str(invoice.id);
    if (!invoiceId) return ignored('the invoice has no id');
    // Since API version 2025-03-31.basil the subscription sits under parent.subscription_details.
    const details = obj(obj(invoice.parent)?.subscription_details) ?? obj(invoice.subscription_details);
    const subscriptionId = idOf(details?.subscription) ?? idOf(invoice.subscription);
    if (!subscriptionId) return ignored(`invoice ${invoiceId} belongs to no subscription`);
    const metadata = obj(details?.metadata);
    const userId = await registeredUser(str(metadata?.userId));
    if (!userId) return refused(`invoice ${invoiceId} names no registered user`);
    const offer = offerOf(metadata, 'monthly');
    if (typeof offer === 'string') return refused(`invoice ${invoiceId}: ${offer}`);
    const amount = num(invoice.subtotal);
    if (amount !== offer.amountCents) {
      return refused(
        `invoice ${invoiceId} is for ${String(amount)} cents, the table says ${offer.amountCents}`,
      );
    }
    const customerId = idOf(invoice.customer);
    if (!customerId) return ignored(`invoice ${invoiceId} names no customer`);
    const line = obj((obj(invoice.lines)?.data as unknown[] | undefined)?.[0]);
    const periodStart = num(obj(line?.period)?.start) ?? num(invoice.created) ?? 0;
    return recordPayment(userId, {
      subscriptionId,
      customerId,
      invoiceId,
      checkoutSessionId: null,
      offer,
      periodStart: isoOf(periodStart),
    });
  }

  async function subscriptionChanged(
    subscription: StripeObject,
    event: PaymentEvent,
  ): Promise<FulfilmentOutcome> {
    const subscriptionId = str(subscription.id);
    const userId = await registeredUser(str(obj(subscription.metadata)?.userId));
    if (!subscriptionId || !userId) return ignored('the subscription names no registered user');
    const status = subscription.status as SubscriptionStatus;
    const stream = subscriptionsStream(userId);
    const context = { commandId: `stripe-event:${event.id}`, metadata: { userId } };
    if (event.type === 'customer.subscription.deleted' || status === 'canceled') {
      const ended = num(subscription.ended_at) ?? num(subscription.canceled_at) ?? event.created;
      await deps.subscriptions.handle(
        stream,
        { type: 'CancelSubscription', subscriptionId, endedAt: isoOf(ended), at: at() },
        context,
      );
      return { result: 'recorded', userId };
    }
    if (!SUBSCRIPTION_STATUSES.includes(status))
      return ignored(`unknown subscription status ${String(status)}`);
    await deps.subscriptions.handle(
      stream,
      {
        type: 'ReportSubscriptionStatus',
        subscriptionId,
        status,
        cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
        reportedAt: isoOf(event.created),
        at: at(),
      },
      context,
    );
    return { result: 'recorded', userId };
  }

  return async function apply(event: PaymentEvent): Promise<FulfilmentOutcome> {
    const object = obj(event.data?.object) ?? {};
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return checkoutCompleted(object);
      case 'invoice.paid':
        return invoicePaid(object);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return subscriptionChanged(object, event);
      default:
        return ignored(`${event.type} is not an event we act on`);
    }
  };
}
