import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 24 * 3600;

export interface StripeEventShape {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/** The customer every event names unless a test gives another. */
const TEST_CUSTOMER = 'cus_test1';

/** What both paid events carry: this app's metadata, the amount, and the customer. */
interface Paid {
  metadata: Record<string, string>;
  amountCents: number;
  customerId?: string;
}

export const stripeEvent = (
  type: string,
  object: Record<string, unknown>,
  created = now(),
): StripeEventShape => ({
  id: id('evt'),
  object: 'event',
  type,
  created,
  data: { object },
});

/** checkout.session.completed as Stripe sends it for a session this app created. */
export function checkoutCompleted(
  o: Paid & {
    userId: string;
    mode?: 'payment' | 'subscription';
    sessionId?: string;
    subscriptionId?: string;
    invoiceId?: string;
    paymentStatus?: string;
  },
): StripeEventShape {
  return stripeEvent('checkout.session.completed', {
    id: o.sessionId ?? id('cs_test'),
    object: 'checkout.session',
    mode: o.mode ?? 'payment',
    status: 'complete',
    payment_status: o.paymentStatus ?? 'paid',
    amount_subtotal: o.amountCents,
    amount_total: o.amountCents,
    currency: 'usd',
    customer: o.customerId ?? TEST_CUSTOMER,
    client_reference_id: o.userId,
    metadata: o.metadata,
    created: now(),
    subscription: o.subscriptionId ?? null,
    invoice: o.invoiceId ?? null,
  });
}

/** invoice.paid in the shape of API version 2025-03-31.basil and later (parent.subscription_details). */
export function invoicePaid(
  o: Paid & {
    invoiceId?: string;
    subscriptionId: string;
    billingReason: 'subscription_create' | 'subscription_cycle';
    periodStart: number;
  },
): StripeEventShape {
  return stripeEvent('invoice.paid', {
    id: o.invoiceId ?? id('in'),
    object: 'invoice',
    customer: o.customerId ?? TEST_CUSTOMER,
    status: 'paid',
    billing_reason: o.billingReason,
    subtotal: o.amountCents,
    total: o.amountCents,
    amount_paid: o.amountCents,
    created: now(),
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: o.subscriptionId, metadata: o.metadata },
    },
    lines: {
      object: 'list',
      data: [
        { id: id('il'), amount: o.amountCents, period: { start: o.periodStart, end: o.periodStart + MONTH } },
      ],
    },
  });
}

export function subscriptionDeleted(o: {
  subscriptionId: string;
  metadata: Record<string, string>;
  endedAt: number;
}) {
  return stripeEvent('customer.subscription.deleted', {
    id: o.subscriptionId,
    object: 'subscription',
    customer: TEST_CUSTOMER,
    status: 'canceled',
    cancel_at_period_end: false,
    canceled_at: o.endedAt,
    ended_at: o.endedAt,
    metadata: o.metadata,
  });
}

export interface Delivery {
  secret: string;
  /** Unix seconds the signature claims (default now). */
  timestamp?: number;
  /** Changes the body after signing. */
  tamper?: (payload: string) => string;
  signature?: string | null;
}

/** Posts an event to the webhook signed with the stripe package's own test-header helper. */
export async function deliver(baseUrl: string, event: StripeEventShape, d: Delivery) {
  const payload = JSON.stringify(event);
  const header =
    d.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: d.secret,
          timestamp: d.timestamp ?? now(),
        })
      : d.signature;
  const res = await fetch(`${baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    body: d.tamper ? d.tamper(payload) : payload,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

export const MONTH_SECONDS = MONTH;
export const nowSeconds = now;
