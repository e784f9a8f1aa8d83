import { createHash } from 'node:crypto';

/** What the test checkout sold; mirrors a row of stripe_sandbox_checkouts. */
export interface SandboxCheckout {
  id: string;
  customerId: string;
  mode: 'payment' | 'subscription';
  amountCents: number;
  productName: string;
  metadata: Record<string, string>;
  clientReferenceId: string;
  createdAt: Date;
}

export interface SandboxSubscription {
  id: string;
  customerId: string;
  metadata: Record<string, string>;
  amountCents: number;
  productName: string;
}

/** An event as Stripe sends it, but for its api_version: the SDK's, stamped when it is sent. */
export interface SandboxEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  data: { object: Record<string, unknown> };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const MONTH_SECONDS = 30 * 24 * 3600;

/** Ids derived from what they name, so a repeated "Pay" delivers the very same events. */
export const derivedId = (prefix: string, ...parts: string[]) =>
  `${prefix}_sandbox_${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)}`;

function event(type: string, object: Record<string, unknown>, at: Date): SandboxEvent {
  return {
    id: derivedId('evt', type, String(object.id), String(object.status ?? '')),
    object: 'event',
    type,
    created: seconds(at),
    livemode: false,
    data: { object },
  };
}

export function checkoutCompleted(
  c: SandboxCheckout,
  sub: { subscriptionId: string; invoiceId: string } | undefined,
  at: Date,
): SandboxEvent {
  return event(
    'checkout.session.completed',
    {
      id: c.id,
      object: 'checkout.session',
      mode: c.mode,
      status: 'complete',
      payment_status: 'paid',
      amount_subtotal: c.amountCents,
      amount_total: c.amountCents,
      currency: 'usd',
      customer: c.customerId,
      client_reference_id: c.clientReferenceId,
      metadata: c.metadata,
      created: seconds(c.createdAt),
      subscription: sub?.subscriptionId ?? null,
      invoice: sub?.invoiceId ?? null,
      livemode: false,
    },
    at,
  );
}

export function subscriptionObject(
  s: SandboxSubscription,
  status: 'active' | 'canceled',
  periodStart: Date,
  endedAt: Date | null,
) {
  const start = seconds(periodStart);
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customerId,
    status,
    cancel_at_period_end: false,
    canceled_at: endedAt ? seconds(endedAt) : null,
    ended_at: endedAt ? seconds(endedAt) : null,
    metadata: s.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: derivedId('si', s.id),
          object: 'subscription_item',
          current_period_start: start,
          current_period_end: start + MONTH_SECONDS,
          price: { currency: 'usd', unit_amount: s.amountCents, recurring: { interval: 'month' } },
          quantity: 1,
        },
      ],
    },
    livemode: false,
  };
}

export function subscriptionEvent(
  type: 'customer.subscription.created' | 'customer.subscription.deleted',
  s: SandboxSubscription,
  periodStart: Date,
  at: Date,
): SandboxEvent {
  const ended = type === 'customer.subscription.deleted' ? at : null;
  return event(type, subscriptionObject(s, ended ? 'canceled' : 'active', periodStart, ended), at);
}

export const invoiceIdOf = (subscriptionId: string, period: number) =>
  derivedId('in', subscriptionId, String(period));

/** invoice.paid in the basil shape: the subscription and its metadata under parent.subscription_details. */
export function invoicePaid(
  s: SandboxSubscription,
  period: number,
  periodStart: Date,
  at: Date,
): SandboxEvent {
  const start = seconds(periodStart);
  return event(
    'invoice.paid',
    {
      id: invoiceIdOf(s.id, period),
      object: 'invoice',
      customer: s.customerId,
      status: 'paid',
      billing_reason: period === 1 ? 'subscription_create' : 'subscription_cycle',
      currency: 'usd',
      subtotal: s.amountCents,
      total: s.amountCents,
      amount_paid: s.amountCents,
      created: seconds(at),
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: s.id, metadata: s.metadata },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: derivedId('il', s.id, String(period)),
            object: 'line_item',
            amount: s.amountCents,
            description: `1 × ${s.productName}`,
            period: { start, end: start + MONTH_SECONDS },
          },
        ],
      },
      livemode: false,
    },
    at,
  );
}

export const nextPeriodStart = (current: Date) => new Date(current.getTime() + MONTH_SECONDS * 1000);
