import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourBackends } from '../support/databases';
import { call, freshEmail, signUp, startApp, TEST_PASSWORD, type RunningApp } from '../support/app';

const SIGNED_IN_CALLS: [string, string][] = [
  ['GET', '/api/auth/is-admin'],
  ['POST', '/api/auth/logout'],
  ['GET', '/api/auth/credit-balance'],
  ['GET', '/api/auth/credit-usage-stats'],
  ['GET', '/api/auth/credit-threshold'],
  ['POST', '/api/auth/credit-threshold'],
  ['GET', '/api/auth/subscription-status'],
  ['POST', '/api/auth/change-password'],
];

for (const backend of behaviourBackends) {
  describe(`sign-up and sign-in on ${backend.name}`, () => {
    let app: RunningApp;
    let base: string;
    beforeAll(async () => {
      app = await startApp(backend);
      base = app.baseUrl;
    });
    afterAll(async () => app?.close());

    const register = (body: unknown, path = '/api/auth/register') => call(base, path, { body });
    const login = (email: string, password: string) =>
      call(base, '/api/auth/login', { body: { email, password } });

    it('refuses a password one character short of 8 and accepts exactly 8', async () => {
      expect(await register({ email: freshEmail(), password: '1234567' })).toEqual(
        expect.objectContaining({ status: 400, body: { error: 'password must be at least 8 characters.' } }),
      );
      expect((await register({ email: freshEmail(), password: '12345678' })).status).toBe(201);
    });

    it('accepts 64- and 128-character passwords and signs in with them', async () => {
      for (const length of [64, 128]) {
        const email = freshEmail();
        const password = 'p'.repeat(length);
        expect((await register({ email, password })).status).toBe(201);
        expect((await login(email, password)).status).toBe(200);
      }
    });

    it('refuses a 100-character password that differs only in its last character', async () => {
      const email = freshEmail();
      await register({ email, password: `${'a'.repeat(99)}b` });
      expect((await login(email, `${'a'.repeat(99)}c`)).status).toBe(401);
    });

    it('names the missing, malformed or unknown field in a bad registration', async () => {
      expect((await register({ password: TEST_PASSWORD })).body).toEqual({ error: 'email is required.' });
      expect((await register({ email: 'not-an-address', password: TEST_PASSWORD })).body).toEqual({
        error: 'email must be a valid e-mail address.',
      });
      const extra = await register({ email: freshEmail(), password: TEST_PASSWORD, isAdmin: true });
      expect(extra).toMatchObject({ status: 400, body: { error: 'Unknown field "isAdmin".' } });
    });

    it('refuses a second account for an address, whatever its case', async () => {
      const email = freshEmail();
      await signUp(base, email);
      expect(await register({ email: email.toUpperCase(), password: TEST_PASSWORD })).toMatchObject({
        status: 409,
        body: { error: 'An account with this e-mail already exists.' },
      });
    });

    it('answers 404 for an unknown partner programme and names the configured ones', async () => {
      expect(
        (await register({ email: freshEmail(), password: TEST_PASSWORD }, '/api/auth/register/nobody'))
          .status,
      ).toBe(404);
      expect(await call(base, '/api/auth/partners/partner-b')).toMatchObject({
        status: 200,
        body: { slug: 'partner-b', name: 'Partner B', bonusCredits: 250 },
      });
      expect((await call(base, '/api/auth/partners/nobody')).status).toBe(404);
    });

    it('signs in with the balance and a new token, whatever the case of the address', async () => {
      const { email, userId, token } = await signUp(base);
      const res = await login(email.toUpperCase(), TEST_PASSWORD);
      expect(res).toMatchObject({ status: 200, body: { user: { id: userId, email, credits: 50 } } });
      expect((res.body as { token: string }).token).not.toBe(token);
    });

    it('answers an unknown address and a wrong password identically', async () => {
      const { email } = await signUp(base);
      const unknown = await login(freshEmail('nobody'), TEST_PASSWORD);
      const wrong = await login(email, 'not the password');
      for (const res of [unknown, wrong]) {
        expect(res).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
      }
      const headerNames = (h: Headers) =>
        [...h.keys()].filter((k) => !['date', 'x-request-id'].includes(k)).sort();
      expect(headerNames(unknown.headers)).toEqual(headerNames(wrong.headers));
      expect(unknown.headers.get('content-length')).toBe(wrong.headers.get('content-length'));
    });

    it('ends the session on logout: the token is refused afterwards', async () => {
      const { token } = await signUp(base);
      expect((await call(base, '/api/auth/logout', { method: 'POST', token })).status).toBe(204);
      expect(await call(base, '/api/auth/is-admin', { token })).toMatchObject({
        status: 401,
        body: { error: 'Please sign in to continue.' },
      });
    });

    it('answers 401 to every signed-in call without a token or with a made-up one', async () => {
      for (const [method, path] of SIGNED_IN_CALLS) {
        expect(await call(base, path, { method })).toMatchObject({
          status: 401,
          body: { error: 'Please sign in to continue.' },
        });
        const forged = await call(base, path, { method, token: 'A'.repeat(43) });
        expect(forged.status, `${method} ${path}`).toBe(401);
      }
    });
  });
}
