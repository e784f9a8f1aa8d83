import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { kurrentdbBackend } from '../support/kurrentdb/backend';

for (const backend of [...behaviourBackends, kurrentdbBackend]) {
  describe(`the local test checkout on ${backend.name}`, () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startApp(backend, {});
    });
    afterAll(async () => app?.close());

    const balanceOf = async (token: string) =>
      ((await call(app.baseUrl, '/api/auth/credit-balance', { token })).body as { creditBalance: number })
        .creditBalance;
    const post = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' });
    // The stand-in's links start with PUBLIC_URL; this test server listens elsewhere.
    const localUrl = (url: string) => app.baseUrl + new URL(url).pathname;

    async function checkout(token: string, body: unknown) {
      const res = await call(app.baseUrl, '/api/auth/create-checkout-session', { token, body });
      expect(res.status).toBe(200);
      return res.body as { sessionId: string; url: string };
    }

    it('shows a clearly marked test checkout and grants the pack when Pay is pressed, once', async () => {
      const user = await signUp(app.baseUrl);
      const { sessionId, url } = await checkout(user.token, { packageId: 'growth', paymentType: 'oneTime' });
      expect(sessionId).toMatch(/^cs_test_sandbox_/);
      const page = await (await fetch(localUrl(url))).text();
      expect(page).toContain('Test mode.');
      expect(page).toContain('Growth Pack - 1,200 credits');
      expect(page).toContain('$150');
      const paid = await post(`${localUrl(url)}/pay`);
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toMatch(new RegExp(`/dashboard\\?session_id=${sessionId}$`));
      expect((await post(`${localUrl(url)}/pay`)).status).toBe(303);
      expect(await balanceOf(user.token)).toBe(1_250);
    });

    it('sends the buyer back to /credits on Cancel, saying so with the payment type chosen, without granting', async () => {
      const user = await signUp(app.baseUrl);
      const { url } = await checkout(user.token, { packageId: 'starter', paymentType: 'oneTime' });
      const res = await post(`${localUrl(url)}/cancel`);
      expect(res.headers.get('location')).toMatch(/\/credits\?checkout=cancelled&payment_type=oneTime$/);
      expect(await balanceOf(user.token)).toBe(50);
    });

    it('subscribes monthly, renews from the test portal, and stops after a cancellation', async () => {
      const user = await signUp(app.baseUrl);
      const { url } = await checkout(user.token, { packageId: 'starter', paymentType: 'monthly' });
      expect((await post(`${localUrl(url)}/pay`)).status).toBe(303);
      expect(await balanceOf(user.token)).toBe(350);
      expect((await call(app.baseUrl, '/api/auth/subscription-status', { token: user.token })).body).toEqual({
        hasActiveSubscription: true,
        plan: { name: 'Starter (300 credits a month)', credits: 300, amountCents: 4_000 },
      });
      const portal = (
        await call(app.baseUrl, '/api/auth/create-portal-session', { token: user.token, body: {} })
      ).body as { url: string };
      const portalPage = await (await fetch(localUrl(portal.url))).text();
      const action = (name: string) => {
        const match = new RegExp(`action="([^"]+/${name})"`).exec(portalPage);
        return `${app.baseUrl}${match![1]}`;
      };
      expect((await post(action('renew'))).status).toBe(303);
      expect(await balanceOf(user.token)).toBe(650);
      expect((await post(action('cancel'))).status).toBe(303);
      expect((await call(app.baseUrl, '/api/auth/subscription-status', { token: user.token })).body).toEqual({
        hasActiveSubscription: false,
        plan: null,
      });
      expect((await post(action('renew'))).status).toBe(303);
      expect(await balanceOf(user.token)).toBe(650);
    });

    const checkoutAnswer = (token: string, body: unknown) =>
      call(app.baseUrl, '/api/auth/create-checkout-session', { token, body });
    const openCheckoutsOf = async (userId: string) =>
      (
        await app.system.database.db
          .selectFrom('stripe_sandbox_checkouts' as never)
          .select(['id' as never, 'status' as never])
          .where('client_reference_id' as never, '=', userId as never)
          .execute()
      ).filter((r) => (r as { status: string }).status === 'open');

    it('refuses a second subscription with 409 naming the active plan, and offers the billing portal instead', async () => {
      const user = await signUp(app.baseUrl);
      const { url } = await checkout(user.token, { packageId: 'growth', paymentType: 'monthly' });
      expect((await post(`${localUrl(url)}/pay`)).status).toBe(303);
      const second = await checkoutAnswer(user.token, { packageId: 'starter', paymentType: 'monthly' });
      expect(second).toMatchObject({
        status: 409,
        body: {
          error:
            'You already subscribe to Growth (1,200 credits a month). Change your plan in the billing portal instead of starting a second subscription.',
        },
      });
      expect(await openCheckoutsOf(user.userId)).toEqual([]);
      // A one-time pack is still for sale, and the portal changes the plan.
      expect(
        (await checkoutAnswer(user.token, { packageId: 'starter', paymentType: 'oneTime' })).status,
      ).toBe(200);
      expect(
        (await call(app.baseUrl, '/api/auth/create-portal-session', { token: user.token, body: {} })).status,
      ).toBe(200);
    });

    it('opens one checkout when two subscription checkouts race: the other is refused with 409 naming the plan', async () => {
      const user = await signUp(app.baseUrl);
      const answers = await Promise.all([
        checkoutAnswer(user.token, { packageId: 'growth', paymentType: 'monthly' }),
        checkoutAnswer(user.token, { packageId: 'starter', paymentType: 'monthly' }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const opened = answers.find((a) => a.status === 200)!.body as { sessionId: string };
      const refused = answers.find((a) => a.status === 409)!.body as { error: string };
      expect(refused.error).toMatch(
        /^A checkout for (Growth \(1,200|Starter \(300) credits a month\) was opened a moment ago\. Finish it there, or try again in a minute\.$/,
      );
      expect((await openCheckoutsOf(user.userId)).map((r) => (r as { id: string }).id)).toEqual([
        opened.sessionId,
      ]);
    });

    it('replaces a subscription checkout left open: the old one can no longer be paid', async () => {
      let now = Date.now();
      const clocked = await startApp(backend, {}, { now: () => new Date(now) });
      try {
        const user = await signUp(clocked.baseUrl);
        const open = (packageId: string) =>
          call(clocked.baseUrl, '/api/auth/create-checkout-session', {
            token: user.token,
            body: { packageId, paymentType: 'monthly' },
          });
        const first = (await open('growth')).body as { url: string };
        now += 61_000;
        const second = await open('starter');
        expect(second.status).toBe(200);
        const stale = await fetch(`${clocked.baseUrl}${new URL(first.url).pathname}/pay`, {
          method: 'POST',
          redirect: 'manual',
        });
        expect(stale.status).toBe(410);
        expect(await stale.text()).toContain('This checkout has expired.');
        const fresh = (second.body as { url: string }).url;
        const paid = await fetch(`${clocked.baseUrl}${new URL(fresh).pathname}/pay`, {
          method: 'POST',
          redirect: 'manual',
        });
        expect(paid.status).toBe(303);
        const status = await call(clocked.baseUrl, '/api/auth/subscription-status', { token: user.token });
        expect(status.body).toMatchObject({ plan: { name: 'Starter (300 credits a month)' } });
      } finally {
        await clocked.close();
      }
    });
  });
}
