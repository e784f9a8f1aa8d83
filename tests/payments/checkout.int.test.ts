import { describe, expect, it } from 'vitest';
import { call, signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { kurrentdbBackend } from '../support/kurrentdb/backend';
import { stripeAppForSuite, type FakeStripe } from '../support/fake-stripe';

for (const backend of [...behaviourBackends, kurrentdbBackend]) {
  describe(`checkout through the stripe SDK on ${backend.name}`, () => {
    let app: RunningApp;
    let stripe: FakeStripe;
    stripeAppForSuite(backend, (started) => ({ app, stripe } = started), {
      STRIPE_WEBHOOK_SECRET: 'whsec_fake',
      PUBLIC_URL: 'https://zipfill.example',
      ALLOW_STAND_INS: 'true',
    });

    const checkoutCalls = () => stripe.calls.filter((c) => c.path === '/v1/checkout/sessions');

    it('creates a one-time Checkout Session for the Growth pack: $150 in cents, quantity 1, tied to the user', async () => {
      const user = await signUp(app.baseUrl);
      const res = await call(app.baseUrl, '/api/auth/create-checkout-session', {
        token: user.token,
        body: { packageId: 'growth', paymentType: 'oneTime' },
      });
      expect(res.status).toBe(200);
      const { sessionId, url } = res.body as { sessionId: string; url: string };
      expect(url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
      const customer = stripe.calls.find(
        (c) => c.path === '/v1/customers' && c.params['metadata[userId]'] === user.userId,
      );
      expect(customer).toMatchObject({
        params: { email: user.email },
        idempotencyKey: `customer:${user.userId}`,
      });
      const session = checkoutCalls().at(-1)!;
      expect(session.authorization).toBe('Bearer sk_test_fake');
      expect(session.idempotencyKey).toMatch(new RegExp(`^checkout:${user.userId}:`));
      expect(session.params).toEqual({
        mode: 'payment',
        customer: expect.stringMatching(/^cus_/),
        client_reference_id: user.userId,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '15000',
        'line_items[0][price_data][product_data][name]': 'Growth Pack - 1,200 credits',
        'metadata[userId]': user.userId,
        'metadata[packageId]': 'growth',
        'metadata[credits]': '1200',
        'metadata[paymentType]': 'oneTime',
        'payment_intent_data[metadata][userId]': user.userId,
        'payment_intent_data[metadata][packageId]': 'growth',
        'payment_intent_data[metadata][credits]': '1200',
        'payment_intent_data[metadata][paymentType]': 'oneTime',
        success_url: 'https://zipfill.example/dashboard?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'https://zipfill.example/credits?checkout=cancelled&payment_type=oneTime',
      });
    });

    it('creates a monthly subscription session with a recurring price and reuses the customer', async () => {
      const user = await signUp(app.baseUrl);
      for (const body of [
        { packageId: 'scale', paymentType: 'oneTime' },
        { customCredits: 25_000, paymentType: 'monthly' },
      ]) {
        expect(
          (await call(app.baseUrl, '/api/auth/create-checkout-session', { token: user.token, body })).status,
        ).toBe(200);
      }
      const customers = stripe.calls.filter(
        (c) => c.path === '/v1/customers' && c.params['metadata[userId]'] === user.userId,
      );
      expect(customers).toHaveLength(1);
      const [first, second] = checkoutCalls().slice(-2);
      expect(second!.params.customer).toBe(first!.params.customer);
      expect(second!.params).toMatchObject({
        mode: 'subscription',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][unit_amount]': '76000',
        'line_items[0][price_data][recurring][interval]': 'month',
        'line_items[0][price_data][product_data][name]': 'Custom - 25,000 credits (monthly)',
        'metadata[customCredits]': '25000',
        'metadata[credits]': '25000',
        'metadata[paymentType]': 'monthly',
        'subscription_data[metadata][userId]': user.userId,
        'subscription_data[metadata][customCredits]': '25000',
      });
      expect(second!.params['metadata[packageId]']).toBeUndefined();
    });

    it('expires a subscription checkout left open at Stripe before opening another, and refuses one that was paid meanwhile', async () => {
      let now = Date.now();
      const clocked = await startApp(
        backend,
        {
          STRIPE_SECRET_KEY: 'sk_test_fake',
          STRIPE_WEBHOOK_SECRET: 'whsec_fake',
          STRIPE_API_BASE: stripe.url,
        },
        { now: () => new Date(now) },
      );
      try {
        const user = await signUp(clocked.baseUrl);
        const subscribe = (packageId: string) =>
          call(clocked.baseUrl, '/api/auth/create-checkout-session', {
            token: user.token,
            body: { packageId, paymentType: 'monthly' },
          });
        const first = (await subscribe('growth')).body as { sessionId: string };
        now += 61_000;
        const second = await subscribe('starter');
        expect(second.status).toBe(200);
        expect(stripe.calls.map((c) => `${c.method} ${c.path}`)).toContain(
          `POST /v1/checkout/sessions/${first.sessionId}/expire`,
        );
        stripe.complete((second.body as { sessionId: string }).sessionId);
        now += 61_000;
        expect(await subscribe('scale')).toMatchObject({
          status: 409,
          body: {
            error:
              'Your checkout for Starter (300 credits a month) has just been paid: that is your subscription. Change your plan in the billing portal.',
          },
        });
      } finally {
        await clocked.close();
      }
    });

    it.each([
      [
        { packageId: 'platinum', paymentType: 'oneTime' },
        /packageId must be one of: starter, growth, scale, enterprise\./,
      ],
      [
        { customCredits: 9_000, paymentType: 'oneTime' },
        /customCredits must be a whole number from 10,000 to 100,000\./,
      ],
      [
        { customCredits: 101_000, paymentType: 'monthly' },
        /customCredits must be a whole number from 10,000 to 100,000\./,
      ],
      [{ customCredits: 12_500, paymentType: 'oneTime' }, /customCredits must be a multiple of 1,000\./],
      [{ customCredits: 12_000.5, paymentType: 'oneTime' }, /customCredits must be integer/],
      [{ packageId: 'growth', paymentType: 'weekly' }, /paymentType must be one of: oneTime, monthly\./],
      [{ packageId: 'growth' }, /paymentType is required/],
      [{ paymentType: 'oneTime' }, /Send either packageId or customCredits, not neither/],
      [{ packageId: 'growth', customCredits: 10_000, paymentType: 'oneTime' }, /not both/],
      [{ packageId: 'growth', paymentType: 'oneTime', credits: 1_000_000 }, /Unknown field "credits"/],
    ])('answers 400 to %j with the reason', async (body, reason) => {
      const user = await signUp(app.baseUrl);
      const before = checkoutCalls().length;
      const res = await call(app.baseUrl, '/api/auth/create-checkout-session', { token: user.token, body });
      expect(res.status).toBe(400);
      expect((res.body as { error: string }).error).toMatch(reason);
      expect(checkoutCalls().length).toBe(before);
    });

    it('creates one session for a request retried with the same Idempotency-Key', async () => {
      const user = await signUp(app.baseUrl);
      const send = () =>
        call(app.baseUrl, '/api/auth/create-checkout-session', {
          token: user.token,
          body: { packageId: 'starter', paymentType: 'oneTime' },
          headers: { 'idempotency-key': 'buy-starter-0001' },
        });
      const [first, second] = [await send(), await send()];
      expect((second.body as { sessionId: string }).sessionId).toBe(
        (first.body as { sessionId: string }).sessionId,
      );
      expect(checkoutCalls().at(-1)!.idempotencyKey).toBe(`checkout:${user.userId}:buy-starter-0001`);
    });

    it('asks for a sign-in without a token', async () => {
      const res = await call(app.baseUrl, '/api/auth/create-checkout-session', {
        body: { packageId: 'growth', paymentType: 'oneTime' },
      });
      expect(res.status).toBe(401);
    });

    it("relays Stripe's own message when Stripe refuses the session", async () => {
      const user = await signUp(app.baseUrl);
      await call(app.baseUrl, '/api/auth/create-checkout-session', {
        token: user.token,
        body: { packageId: 'starter', paymentType: 'oneTime' },
      });
      stripe.failNext(400, 'Your account cannot currently make live charges.');
      const res = await call(app.baseUrl, '/api/auth/create-checkout-session', {
        token: user.token,
        body: { packageId: 'starter', paymentType: 'oneTime' },
      });
      expect(res).toMatchObject({
        status: 400,
        body: { error: 'Your account cannot currently make live charges.' },
      });
    });

    it('reports no subscription and refuses the portal to a user without one', async () => {
      const user = await signUp(app.baseUrl);
      expect((await call(app.baseUrl, '/api/auth/subscription-status', { token: user.token })).body).toEqual({
        hasActiveSubscription: false,
        plan: null,
      });
      expect(
        await call(app.baseUrl, '/api/auth/create-portal-session', { token: user.token, body: {} }),
      ).toMatchObject({
        status: 400,
        body: { error: 'Unable to access subscription management. You may not have an active subscription.' },
      });
    });
  });
}
