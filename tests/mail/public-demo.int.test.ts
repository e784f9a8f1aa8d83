import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfigAnswer } from '../../api/config/contract';
import { SIGN_IN_FOR_MAIL } from '../../api/mail/dev-page';
import { call, signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';

for (const backend of behaviourBackends) {
  describe(`a public demo (ALLOW_STAND_INS) on ${backend.name}`, () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startApp(backend, { NODE_ENV: 'production', ALLOW_STAND_INS: 'true' });
    });
    afterAll(async () => app?.close());

    /** The mailbox as the browser holding `token`'s mail pass sees it (no pass without a token). */
    async function mailbox(token?: string) {
      let cookie: string | undefined;
      if (token) {
        const issued = await fetch(`${app.baseUrl}/api/auth/dev-mail-pass`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(issued.status).toBe(204);
        cookie = issued.headers.get('set-cookie')!.split(';')[0]!;
      }
      const page = await fetch(`${app.baseUrl}/dev/mail`, { headers: cookie ? { cookie } : {} });
      return { status: page.status, text: await page.text() };
    }

    it('tells every page that it is a public demo', async () => {
      const { body } = await call(app.baseUrl, '/api/config/public');
      expect((body as PublicConfigAnswer).publicDemo).toBe(true);
    });

    it('shows the development mailbox only to a signed-in reader, and only the mail to them', async () => {
      const victim = await signUp(app.baseUrl);
      const reader = await signUp(app.baseUrl);
      const asked = await call(app.baseUrl, '/api/auth/forgot-password', { body: { email: victim.email } });
      expect(asked.status).toBe(200);

      const anonymous = await mailbox();
      expect(anonymous.status).toBe(401);
      expect(anonymous.text).toContain(SIGN_IN_FOR_MAIL);
      expect(anonymous.text).not.toContain('reset-password');

      const other = await mailbox(reader.token);
      expect(other.status).toBe(200);
      expect(other.text).not.toContain(victim.email);
      expect(other.text).not.toContain('reset-password');

      const own = await mailbox(victim.token);
      expect(own.text).toContain(`To: ${victim.email}`);
      expect(own.text).toContain('/reset-password/');
    });
  });
}
