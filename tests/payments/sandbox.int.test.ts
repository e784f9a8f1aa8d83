import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, startApp, type RunningApp } from '../support/app';
import { backends } from '../support/databases';

for (const backend of backends) {
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

    it('sends the buyer back to /credits on Cancel without granting', async () => {
      const user = await signUp(app.baseUrl);
      const { url } = await checkout(user.token, { packageId: 'starter', paymentType: 'oneTime' });
      const res = await post(`${localUrl(url)}/cancel`);
      expect(res.headers.get('location')).toMatch(/\/credits$/);
      expect(await balanceOf(user.token)).toBe(50);
    });

    it('subscribes monthly, renews from the test portal, and stops after a cancellation', async () => {
      const user = await signUp(app.baseUrl);
      const { url } = await checkout(user.token, { packageId: 'starter', paymentType: 'monthly' });
      expect((await post(`${localUrl(url)}/pay`)).status).toBe(303);
      expect(await balanceOf(user.token)).toBe(350);
      expect((await call(app.baseUrl, '/api/auth/subscription-status', { token: user.token })).body).toEqual({
        hasActiveSubscription: true,
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
      });
      expect((await post(action('renew'))).status).toBe(303);
      expect(await balanceOf(user.token)).toBe(650);
    });
  });
}
