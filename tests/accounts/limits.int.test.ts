import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourBackends } from '../support/databases';
import { call, freshEmail, signUp, startApp, TEST_PASSWORD, type RunningApp } from '../support/app';

for (const backend of behaviourBackends) {
  describe(`rate limits on ${backend.name}`, () => {
    let app: RunningApp;
    let base: string;
    beforeAll(async () => {
      app = await startApp(backend, {}, { rateLimits: {} });
      base = app.baseUrl;
    });
    afterAll(async () => app?.close());

    const login = (email: string, password: string, headers: Record<string, string> = {}) =>
      call(base, '/api/auth/login', { body: { email, password }, headers });

    it('locks an address after 10 failed sign-ins: the 11th gets 429 with Retry-After, even with the right password', async () => {
      const { email } = await signUp(base);
      for (let i = 0; i < 10; i++) expect((await login(email, `wrong ${i}`)).status).toBe(401);
      const locked = await login(email, 'wrong again');
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await login(email, TEST_PASSWORD)).status).toBe(429);
      const spoofed = await login(email, TEST_PASSWORD, { 'x-forwarded-for': '203.0.113.9' });
      expect(spoofed.status).toBe(429);
      // The reset path stays open to the real owner.
      expect((await call(base, '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
    });

    it('refuses a fourth reset e-mail for one address within the hour', async () => {
      const email = freshEmail();
      for (let i = 0; i < 3; i++)
        expect((await call(base, '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
      const fourth = await call(base, '/api/auth/forgot-password', { body: { email } });
      expect(fourth.status).toBe(429);
      expect(fourth.headers.get('retry-after')).toMatch(/^\d+$/);
    });

    it('limits sign-ups per IP, and a spoofed X-Forwarded-For does not reset the count', async () => {
      // Its own service, with a small per-IP limit so it is reached quickly.
      const own = await startApp(
        backend,
        {},
        { rateLimits: { registerPerIp: { max: 3, windowMs: 60_000 } } },
      );
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await call(own.baseUrl, '/api/auth/register', {
          body: { email: freshEmail(), password: TEST_PASSWORD },
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
        statuses.push(res.status);
      }
      await own.close();
      expect(statuses).toEqual([201, 201, 201, 429]);
    });
  });
}
