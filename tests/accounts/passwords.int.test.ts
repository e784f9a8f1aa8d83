import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourBackends } from '../support/databases';
import { call, freshEmail, signUp, startApp, TEST_PASSWORD, type RunningApp } from '../support/app';
import { mailTo, resetTokenFor } from '../support/mail';
import { operationalDb } from '../../api/db/operational';

const PUBLIC_URL = 'https://zipfill.example';
const FORGOT_ANSWER =
  'If an account exists for that e-mail address, a link to reset its password is on its way.';

for (const backend of behaviourBackends) {
  describe(`passwords on ${backend.name}`, () => {
    let app: RunningApp;
    let base: string;
    let offsetMs = 0;
    beforeAll(async () => {
      app = await startApp(
        backend,
        { PUBLIC_URL, ALLOW_STAND_INS: 'true' },
        { now: () => new Date(Date.now() + offsetMs) },
      );
      base = app.baseUrl;
    });
    afterAll(async () => app?.close());

    const forgot = (email: string, headers: Record<string, string> = {}) =>
      call(base, '/api/auth/forgot-password', { body: { email }, headers });
    const reset = (token: string, newPassword: string) =>
      call(base, '/api/auth/reset-password', { body: { token, newPassword } });
    const login = (email: string, password: string) =>
      call(base, '/api/auth/login', { body: { email, password } });

    it('answers forgot-password the same whether or not the address has an account', async () => {
      const { email } = await signUp(base);
      const known = await forgot(email);
      const unknown = await forgot(freshEmail('nobody'));
      expect(known).toMatchObject({ status: 200, body: { message: FORGOT_ANSWER } });
      expect(unknown.body).toEqual(known.body);
      expect(unknown.status).toBe(known.status);
    });

    it('mails a reset link built from PUBLIC_URL even when the Host header is spoofed', async () => {
      const { email } = await signUp(base);
      await forgot(email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
      const { link, token } = await resetTokenFor(app, email);
      expect(link).toBe(`${PUBLIC_URL}/reset-password/${token}`);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    });

    it('stores only a digest of the reset token', async () => {
      const { email } = await signUp(base);
      await forgot(email);
      const { token } = await resetTokenFor(app, email);
      const stored = await operationalDb(app.test.database)
        .selectFrom('password_resets')
        .select('id')
        .execute();
      expect(stored.some((r) => r.id === token)).toBe(false);
      expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
    });

    it('resets the password once with a token, ends every session, and does not sign in', async () => {
      const { email, token: session } = await signUp(base);
      await forgot(email);
      const { token } = await resetTokenFor(app, email);
      const done = await reset(token, 'a brand new password');
      expect(done).toMatchObject({ status: 200, body: { message: expect.any(String) } });
      expect(done.body).not.toHaveProperty('token');
      expect((await call(base, '/api/auth/is-admin', { token: session })).status).toBe(401);
      expect((await login(email, TEST_PASSWORD)).status).toBe(401);
      expect((await login(email, 'a brand new password')).status).toBe(200);
      expect(await reset(token, 'another new password')).toMatchObject({
        status: 400,
        body: { error: 'This reset link is invalid or has expired. Please request a new one.' },
      });
    });

    it('lets a reset link expire after one hour', async () => {
      const { email } = await signUp(base);
      await forgot(email);
      const { token } = await resetTokenFor(app, email);
      offsetMs = 60 * 60 * 1000 + 1000;
      try {
        expect((await reset(token, 'a brand new password')).status).toBe(400);
      } finally {
        offsetMs = 0;
      }
      expect((await login(email, TEST_PASSWORD)).status).toBe(200);
    });

    it('replaces an earlier reset link with a newer one', async () => {
      const { email } = await signUp(base);
      await forgot(email);
      const first = await resetTokenFor(app, email, 1);
      await forgot(email);
      const second = await resetTokenFor(app, email, 2);
      expect((await reset(first.token, 'a brand new password')).status).toBe(400);
      expect((await reset(second.token, 'a brand new password')).status).toBe(200);
    });

    it('sends nothing for an address without an account', async () => {
      const nobody = freshEmail('nobody');
      await forgot(nobody);
      await new Promise((r) => setTimeout(r, 100));
      expect(await mailTo(app, nobody)).toHaveLength(0);
    });

    it('changes the password with the current one and signs out every other session', async () => {
      const { email, token: here } = await signUp(base);
      const elsewhere = ((await login(email, TEST_PASSWORD)).body as { token: string }).token;
      const res = await call(base, '/api/auth/change-password', {
        token: here,
        body: { currentPassword: TEST_PASSWORD, newPassword: 'a changed password' },
      });
      expect(res).toMatchObject({ status: 200, body: { message: expect.any(String) } });
      expect((await call(base, '/api/auth/is-admin', { token: here })).status).toBe(200);
      expect((await call(base, '/api/auth/is-admin', { token: elsewhere })).status).toBe(401);
      expect((await login(email, 'a changed password')).status).toBe(200);
    });

    it('refuses a password change with a wrong or missing current password', async () => {
      const { token } = await signUp(base);
      const wrong = await call(base, '/api/auth/change-password', {
        token,
        body: { currentPassword: 'not my password', newPassword: 'a changed password' },
      });
      expect(wrong).toMatchObject({ status: 400, body: { error: 'The current password is not correct.' } });
      const missing = await call(base, '/api/auth/change-password', {
        token,
        body: { newPassword: 'a changed password' },
      });
      expect(missing).toMatchObject({ status: 400, body: { error: 'currentPassword is required.' } });
      const short = await call(base, '/api/auth/change-password', {
        token,
        body: { currentPassword: TEST_PASSWORD, newPassword: 'short' },
      });
      expect(short).toMatchObject({
        status: 400,
        body: { error: 'newPassword must be at least 8 characters.' },
      });
    });
  });
}
