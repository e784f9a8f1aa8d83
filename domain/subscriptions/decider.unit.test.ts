import { describe, expect, it } from 'vitest';
import {
  canManageSubscription,
  decideSubscriptions,
  evolveSubscriptions,
  activePlan,
  hasActiveSubscription,
  initialSubscriptionsState,
  paidInvoice,
  type SubscriptionCommand,
  type SubscriptionsState,
} from './decider';
import { SubscriptionRuleError } from './errors';
import type { SubscriptionPlan } from './events';

const at = '2026-11-24T10:00:00.000Z';
const plan: SubscriptionPlan = {
  packageId: 'growth',
  customCredits: null,
  credits: 1_200,
  amountCents: 12_000,
};

const payment = (invoiceId: string, periodStart: string, checkoutSessionId: string | null = null) =>
  ({
    type: 'RecordSubscriptionPayment',
    subscriptionId: 'sub_1',
    customerId: 'cus_1',
    invoiceId,
    checkoutSessionId,
    plan,
    periodStart,
    at,
  }) satisfies SubscriptionCommand;

function given(...commands: SubscriptionCommand[]): SubscriptionsState {
  return commands.reduce(
    (state, c) => decideSubscriptions(c, state).reduce(evolveSubscriptions, state),
    initialSubscriptionsState(),
  );
}

describe('subscription rules', () => {
  it('starts a subscription with its first paid invoice and makes it active', () => {
    const [event] = decideSubscriptions(payment('in_1', at, 'cs_1'), initialSubscriptionsState());
    expect(event).toMatchObject({
      type: 'SubscriptionStarted',
      data: { invoiceId: 'in_1', checkoutSessionId: 'cs_1' },
    });
    const state = given(payment('in_1', at));
    expect(hasActiveSubscription(state)).toBe(true);
    expect(canManageSubscription(state)).toBe(true);
  });

  it('records the first invoice once whether the checkout or the invoice reports it first', () => {
    const state = given(payment('in_1', at, 'cs_1'));
    expect(decideSubscriptions(payment('in_1', at), state)).toEqual([]);
  });

  it('records every later invoice as a renewal, each once', () => {
    const state = given(payment('in_1', at));
    expect(decideSubscriptions(payment('in_2', '2026-12-24T10:00:00.000Z'), state)).toMatchObject([
      { type: 'SubscriptionRenewed', data: { invoiceId: 'in_2' } },
    ]);
    const renewed = given(payment('in_1', at), payment('in_2', '2026-12-24T10:00:00.000Z'));
    expect(decideSubscriptions(payment('in_2', '2026-12-24T10:00:00.000Z'), renewed)).toEqual([]);
    expect(paidInvoice(renewed, 'sub_1', 'in_2')).toEqual(plan);
  });

  it('takes no invoice for a period that starts after the subscription ended', () => {
    const cancel: SubscriptionCommand = {
      type: 'CancelSubscription',
      subscriptionId: 'sub_1',
      endedAt: '2026-12-01T00:00:00.000Z',
      at,
    };
    const state = given(payment('in_1', at), cancel);
    expect(hasActiveSubscription(state)).toBe(false);
    expect(canManageSubscription(state)).toBe(false);
    expect(decideSubscriptions(payment('in_2', '2026-12-24T10:00:00.000Z'), state)).toEqual([]);
    // A late invoice for a period that began before the end is still honoured.
    expect(decideSubscriptions(payment('in_0', '2026-11-01T00:00:00.000Z'), state)).toHaveLength(1);
  });

  it('ignores a status report older than the last one, and any after the end', () => {
    const report = (status: 'past_due' | 'active', reportedAt: string): SubscriptionCommand => ({
      type: 'ReportSubscriptionStatus',
      subscriptionId: 'sub_1',
      status,
      cancelAtPeriodEnd: false,
      reportedAt,
      at,
    });
    const state = given(payment('in_1', at), report('past_due', '2026-12-02T00:00:00.000Z'));
    expect(hasActiveSubscription(state)).toBe(false);
    expect(decideSubscriptions(report('active', '2026-12-01T00:00:00.000Z'), state)).toEqual([]);
    expect(decideSubscriptions(report('active', '2026-12-03T00:00:00.000Z'), state)).toHaveLength(1);
  });

  it('links the first Stripe customer and keeps it', () => {
    const state = given({ type: 'LinkCustomer', customerId: 'cus_1', at });
    expect(decideSubscriptions({ type: 'LinkCustomer', customerId: 'cus_2', at }, state)).toEqual([]);
    expect(state.customerId).toBe('cus_1');
  });
});

describe('one subscription at a time', () => {
  const starter: SubscriptionPlan = {
    packageId: 'starter',
    customCredits: null,
    credits: 300,
    amountCents: 4_000,
  };
  const open = (sessionId: string, when: string, p = starter): SubscriptionCommand => ({
    type: 'OpenSubscriptionCheckout',
    sessionId,
    plan: p,
    at: when,
  });
  const refusal = (command: SubscriptionCommand, state: SubscriptionsState) => {
    try {
      decideSubscriptions(command, state);
    } catch (error) {
      if (error instanceof SubscriptionRuleError) return { code: error.code, message: error.message };
      throw error;
    }
    return undefined;
  };

  it('refuses a monthly checkout while a subscription is active, naming the active plan', () => {
    const state = given(payment('in_1', at));
    expect(activePlan(state)).toEqual(plan);
    expect(refusal(open('cs_2', at), state)).toEqual({
      code: 'already_subscribed',
      message:
        'You already subscribe to Growth (1,200 credits a month). Change your plan in the billing portal instead of starting a second subscription.',
    });
  });

  it('refuses a second monthly checkout opened within a minute of the first: two racing checkouts open one', () => {
    const state = given(open('cs_1', at));
    expect(refusal(open('cs_2', '2026-11-24T10:00:59.999Z', plan), state)).toEqual({
      code: 'checkout_in_progress',
      message:
        'A checkout for Starter (300 credits a month) was opened a moment ago. Finish it there, or try again in a minute.',
    });
  });

  it('lets a later checkout replace one left open, and records a repeat of the same checkout once', () => {
    const state = given(open('cs_1', at));
    expect(decideSubscriptions(open('cs_1', at), state)).toEqual([]);
    const later = decideSubscriptions(open('cs_2', '2026-11-24T10:01:00.000Z', plan), state);
    expect(later).toMatchObject([{ type: 'SubscriptionCheckoutOpened', data: { sessionId: 'cs_2', plan } }]);
  });

  it('closes the open checkout when the subscription starts, and allows a new one once it has ended', () => {
    const started = given(open('cs_1', at), payment('in_1', at, 'cs_1'));
    expect(started.openCheckout).toBeNull();
    const ended = given(payment('in_1', at), {
      type: 'CancelSubscription',
      subscriptionId: 'sub_1',
      endedAt: '2026-12-01T00:00:00.000Z',
      at,
    });
    expect(activePlan(ended)).toBeUndefined();
    expect(decideSubscriptions(open('cs_3', '2026-12-02T00:00:00.000Z'), ended)).toHaveLength(1);
  });
});
