import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourBackends } from '../support/databases';
import { call, freshEmail, signUp, startApp, TEST_PASSWORD, type RunningApp } from '../support/app';
import { wholeLog } from './deletion-support';

for (const backend of behaviourBackends) {
  describe(`accounts core on ${backend.name}`, () => {
    let app: RunningApp;
    const admin = freshEmail('admin');
    beforeAll(async () => {
      app = await startApp(backend, { ADMIN_EMAILS: admin });
    });
    afterAll(async () => app?.close());

    it('registers a new user with 50 credits and a working session', async () => {
      const email = freshEmail();
      const res = await call(app.baseUrl, '/api/auth/register', { body: { email, password: TEST_PASSWORD } });
      expect(res.status).toBe(201);
      const body = res.body as { user: { id: string; email: string; credits: number }; token: string };
      expect(body.user).toEqual({ id: expect.any(String), email, credits: 50 });
      const check = await call(app.baseUrl, '/api/auth/is-admin', { token: body.token });
      expect(check).toMatchObject({ status: 200, body: { isAdmin: false } });
    });

    it('grants 250 bonus credits on top of the 50 through a partner programme', async () => {
      const res = await call(app.baseUrl, '/api/auth/register/partner-a', {
        body: { email: freshEmail(), password: TEST_PASSWORD },
      });
      expect(res.status).toBe(201);
      expect((res.body as { user: { credits: number } }).user.credits).toBe(300);
    });

    it('makes exactly one account of 20 simultaneous registrations of one address', async () => {
      const email = freshEmail('race');
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          call(app.baseUrl, '/api/auth/register', { body: { email, password: TEST_PASSWORD } }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(19);
      // The address is stored encrypted: the log is read as the service reads it.
      const registered = (await wholeLog(app.test.store)).filter(
        (e) => e.type === 'AccountRegistered' && e.data.email === email,
      );
      expect(registered).toHaveLength(1);
    });

    it('makes an address listed in ADMIN_EMAILS admin from its first request', async () => {
      const { token } = await signUp(app.baseUrl, admin);
      expect((await call(app.baseUrl, '/api/auth/is-admin', { token })).body).toEqual({ isAdmin: true });
      expect((await call(app.baseUrl, '/api/auth/admin/ping', { token })).status).toBe(200);
    });

    it('answers 403 to a signed-in non-admin and 401 without a token on an admin route', async () => {
      const { token } = await signUp(app.baseUrl);
      expect((await call(app.baseUrl, '/api/auth/admin/ping', { token })).status).toBe(403);
      expect(await call(app.baseUrl, '/api/auth/admin/ping')).toMatchObject({
        status: 401,
        body: { error: 'Please sign in to continue.' },
      });
    });
  });
}
