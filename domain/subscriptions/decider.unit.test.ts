import { describe, expect, it } from 'vitest';
import {
  canManageSubscription,
  decideSubscriptions,
  evolveSubscriptions,
  hasActiveSubscription,
  initialSubscriptionsState,
  paidInvoice,
  type SubscriptionCommand,
  type SubscriptionsState,
} from './decider';
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
