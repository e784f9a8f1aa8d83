import { describe, expect, it } from 'vitest';
import { call, signUp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { kurrentdbBackend } from '../support/kurrentdb/backend';
import { stripeAppForSuite, type FakeStripe } from '../support/fake-stripe';
import {
  checkoutCompleted,
  deliver,
  invoicePaid,
  MONTH_SECONDS,
  nowSeconds,
  stripeEvent,
  subscriptionDeleted,
} from '../support/stripe-events';

const SECRET = 'whsec_webhooktestsecret';
const growth = (userId: string) => ({ userId, packageId: 'growth', credits: '1200', paymentType: 'oneTime' });
/** A paid checkout of the one-time Growth pack ($150) by this user. */
const growthPackPaid = (userId: string) =>
  checkoutCompleted({ userId, metadata: growth(userId), amountCents: 15_000 });
const monthlyGrowth = (userId: string) => ({
  userId,
  packageId: 'growth',
  credits: '1200',
  paymentType: 'monthly',
});

/** The paid invoice of a month of the Growth subscription ($120). */
const monthOfGrowth = (
  subscriptionId: string,
  metadata: Record<string, string>,
  billingReason: 'subscription_create' | 'subscription_cycle',
  periodStart: number,
) => invoicePaid({ subscriptionId, metadata, amountCents: 12_000, billingReason, periodStart });

/** A monthly Growth subscription's first invoice, for the period from `periodStart`, and the checkout that started it. */
function monthlyGrowthStarted(userId: string, subscriptionId: string, periodStart: number) {
  const metadata = monthlyGrowth(userId);
  const first = monthOfGrowth(subscriptionId, metadata, 'subscription_create', periodStart);
  const session = checkoutCompleted({
    userId,
    metadata,
    amountCents: 12_000,
    mode: 'subscription',
    subscriptionId,
    invoiceId: first.data.object.id as string,
  });
  return { metadata, first, session };
}

for (const backend of [...behaviourBackends, kurrentdbBackend]) {
  describe(`Stripe webhook on ${backend.name}`, () => {
    let app: RunningApp;
    let stripe: FakeStripe;
    stripeAppForSuite(backend, (started) => ({ app, stripe } = started), { STRIPE_WEBHOOK_SECRET: SECRET });

    const balanceOf = async (token: string) =>
      ((await call(app.baseUrl, '/api/auth/credit-balance', { token })).body as { creditBalance: number })
        .creditBalance;
    const statusOf = async (token: string) =>
      (
        (await call(app.baseUrl, '/api/auth/subscription-status', { token })).body as {
          hasActiveSubscription: boolean;
        }
      ).hasActiveSubscription;

    it('grants a paid Growth pack once: 50 sign-up credits become 1,250', async () => {
      const user = await signUp(app.baseUrl);
      const res = await deliver(app.baseUrl, growthPackPaid(user.userId), { secret: SECRET });
      expect(res).toEqual({ status: 200, body: { received: true } });
      expect(await balanceOf(user.token)).toBe(1_250);
    });

    it('grants once when the same event arrives five times at once and twice more later', async () => {
      const user = await signUp(app.baseUrl);
      const event = growthPackPaid(user.userId);
      const results = await Promise.all(
        Array.from({ length: 5 }, () => deliver(app.baseUrl, event, { secret: SECRET })),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      for (let i = 0; i < 2; i++)
        expect((await deliver(app.baseUrl, event, { secret: SECRET })).status).toBe(200);
      expect(await balanceOf(user.token)).toBe(1_250);
    });

    const NO_MATCH = 'the Stripe-Signature does not match this body signed with the webhook secret.';
    it.each([
      [
        'a tampered body',
        { secret: SECRET, tamper: (p: string) => p.replace('"growth"', '"enterprise"') },
        NO_MATCH,
      ],
      ['the wrong secret', { secret: 'whsec_someoneelse' }, NO_MATCH],
      [
        'a signature 301 seconds old',
        { secret: SECRET, age: 301 },
        'the Stripe-Signature timestamp is more than 5 minutes from now.',
      ],
      ['no signature header', { secret: SECRET, signature: null }, 'the Stripe-Signature header is missing.'],
      [
        'a v0-only signature',
        { secret: SECRET, signature: 'v0' },
        'the Stripe-Signature header is not in the form t=<timestamp>,v1=<signature>.',
      ],
    ])('refuses %s with 400 in its own words and grants nothing', async (_name, given, reason) => {
      // Times are taken when the test runs, not when the table is built.
      const { age, signature, ...rest } = given as {
        age?: number;
        signature?: string | null;
        secret: string;
      };
      const delivery = {
        ...rest,
        ...(age ? { timestamp: nowSeconds() - age } : {}),
        ...(signature === 'v0'
          ? { signature: `t=${nowSeconds()},v0=abc` }
          : signature === null
            ? { signature }
            : {}),
      };
      const user = await signUp(app.baseUrl);
      const res = await deliver(app.baseUrl, growthPackPaid(user.userId), delivery);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: `Webhook signature rejected: ${reason}` });
      expect(await balanceOf(user.token)).toBe(50);
    });

    it('accepts a signature 299 seconds old', async () => {
      const user = await signUp(app.baseUrl);
      const event = growthPackPaid(user.userId);
      expect(
        (await deliver(app.baseUrl, event, { secret: SECRET, timestamp: nowSeconds() - 299 })).status,
      ).toBe(200);
      expect(await balanceOf(user.token)).toBe(1_250);
    });

    it('grants the credits of the table, not a credits figure in the metadata', async () => {
      const user = await signUp(app.baseUrl);
      const metadata = { ...growth(user.userId), credits: '1000000' };
      await deliver(app.baseUrl, checkoutCompleted({ userId: user.userId, metadata, amountCents: 15_000 }), {
        secret: SECRET,
      });
      expect(await balanceOf(user.token)).toBe(1_250);
    });

    it('grants nothing for a session whose amount does not match the table, or that is not paid', async () => {
      const user = await signUp(app.baseUrl);
      await deliver(
        app.baseUrl,
        checkoutCompleted({ userId: user.userId, metadata: growth(user.userId), amountCents: 100 }),
        { secret: SECRET },
      );
      await deliver(
        app.baseUrl,
        checkoutCompleted({
          userId: user.userId,
          metadata: growth(user.userId),
          amountCents: 15_000,
          paymentStatus: 'unpaid',
        }),
        { secret: SECRET },
      );
      expect(await balanceOf(user.token)).toBe(50);
    });

    it('answers 200 to an event type it does not act on and changes nothing', async () => {
      const user = await signUp(app.baseUrl);
      const res = await deliver(
        app.baseUrl,
        stripeEvent('charge.refunded', { id: 'ch_1', metadata: { userId: user.userId } }),
        { secret: SECRET },
      );
      expect(res.status).toBe(200);
      expect(await balanceOf(user.token)).toBe(50);
    });

    it('grants a monthly subscription for its first invoice and two renewals: three grants', async () => {
      const user = await signUp(app.baseUrl);
      const subscriptionId = `sub_${user.userId.slice(0, 8)}`;
      const start = nowSeconds();
      const { metadata, first, session } = monthlyGrowthStarted(user.userId, subscriptionId, start);
      await deliver(app.baseUrl, session, { secret: SECRET });
      await deliver(app.baseUrl, first, { secret: SECRET });
      expect(await balanceOf(user.token)).toBe(50 + 1_200);
      expect(await statusOf(user.token)).toBe(true);
      for (const month of [1, 2]) {
        const renewal = monthOfGrowth(
          subscriptionId,
          metadata,
          'subscription_cycle',
          start + month * MONTH_SECONDS,
        );
        await deliver(app.baseUrl, renewal, { secret: SECRET });
        await deliver(app.baseUrl, renewal, { secret: SECRET });
      }
      expect(await balanceOf(user.token)).toBe(50 + 3 * 1_200);
      const portal = await call(app.baseUrl, '/api/auth/create-portal-session', {
        token: user.token,
        body: {},
      });
      expect(portal).toMatchObject({
        status: 200,
        body: { url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\//) },
      });
      expect(stripe.calls.at(-1)).toMatchObject({
        path: '/v1/billing_portal/sessions',
        params: { customer: 'cus_test1', return_url: `${app.baseUrl}/manage-account` },
      });
    });

    it('stops granting after a cancellation: a later period is not paid for, the portal is closed', async () => {
      // Stripe creates no invoice for a canceled subscription; should one for a later period
      // still arrive, it is not granted, while a late invoice for a period before the end is.
      const user = await signUp(app.baseUrl);
      const metadata = monthlyGrowth(user.userId);
      const subscriptionId = `sub_c${user.userId.slice(0, 8)}`;
      const start = nowSeconds() - 40 * 24 * 3600;
      await deliver(app.baseUrl, monthOfGrowth(subscriptionId, metadata, 'subscription_create', start), {
        secret: SECRET,
      });
      await deliver(app.baseUrl, subscriptionDeleted({ subscriptionId, metadata, endedAt: nowSeconds() }), {
        secret: SECRET,
      });
      expect(await statusOf(user.token)).toBe(false);
      await deliver(
        app.baseUrl,
        monthOfGrowth(subscriptionId, metadata, 'subscription_cycle', nowSeconds() + MONTH_SECONDS),
        { secret: SECRET },
      );
      expect(await balanceOf(user.token)).toBe(50 + 1_200);
      const late = monthOfGrowth(subscriptionId, metadata, 'subscription_cycle', start + MONTH_SECONDS);
      await deliver(app.baseUrl, late, { secret: SECRET });
      expect(await balanceOf(user.token)).toBe(50 + 2 * 1_200);
      expect(
        await call(app.baseUrl, '/api/auth/create-portal-session', { token: user.token, body: {} }),
      ).toMatchObject({
        status: 400,
        body: { error: 'Unable to access subscription management. You may not have an active subscription.' },
      });
    });

    it('ends in the same balance when the first invoice arrives before the checkout completion', async () => {
      const results: number[] = [];
      for (const invoiceFirst of [false, true]) {
        const user = await signUp(app.baseUrl);
        const subscriptionId = `sub_o${user.userId.slice(0, 8)}`;
        const { metadata, first, session } = monthlyGrowthStarted(user.userId, subscriptionId, nowSeconds());
        const renewal = monthOfGrowth(
          subscriptionId,
          metadata,
          'subscription_cycle',
          nowSeconds() + MONTH_SECONDS,
        );
        const order = invoiceFirst ? [renewal, first, session] : [session, first, renewal];
        for (const event of order)
          expect((await deliver(app.baseUrl, event, { secret: SECRET })).status).toBe(200);
        expect(await statusOf(user.token)).toBe(true);
        results.push(await balanceOf(user.token));
      }
      expect(results).toEqual([50 + 2 * 1_200, 50 + 2 * 1_200]);
    });

    it('grants nothing to an account that does not exist', async () => {
      const res = await deliver(app.baseUrl, growthPackPaid('nobody'), { secret: SECRET });
      expect(res.status).toBe(200);
    });
  });
}
