import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newToken, tokenDigest } from '../../api/auth/tokens';
import { operationalDb } from '../../api/db/operational';
import { createLogger } from '../../api/logging/logger';
import { call, signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { resetTokenFor } from '../support/mail';
import { sandboxPass } from '../support/sandbox-hubspot';

const DAY = 86_400_000;

for (const backend of behaviourBackends) {
  describe(`tokens never reach a log line, on ${backend.name}`, () => {
    let app: RunningApp;
    let offsetMs = 0;
    const stdout: string[] = [];
    beforeAll(async () => {
      // The service logs to the real stdout; every chunk written there is kept for the scan instead.
      vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
        stdout.push(String(chunk));
        return true;
      }) as typeof process.stdout.write);
      app = await startApp(
        backend,
        {},
        { now: () => new Date(Date.now() + offsetMs), logger: createLogger('debug') },
      );
    });
    afterAll(async () => {
      await app?.close();
      vi.restoreAllMocks();
    });

    const unsubscribe = (token: string) => call(app.baseUrl, `/api/auth/unsubscribe-credits/${token}`);
    /** A low-credit e-mail's unsubscribe link for this user, as the notice reactor records it. */
    async function unsubscribeLink(userId: string): Promise<string> {
      const token = newToken();
      await operationalDb(app.test.database)
        .insertInto('unsubscribe_tokens')
        .values({ id: tokenDigest(token), user_id: userId, created_at: new Date(Date.now() + offsetMs) })
        .execute();
      return token;
    }

    it('scans stdout and request_logs after every kind of token-bearing request and finds no token', async () => {
      const user = await signUp(app.baseUrl);
      const unsubscribeToken = await unsubscribeLink(user.userId);
      expect((await unsubscribe(unsubscribeToken)).status).toBe(200);
      await call(app.baseUrl, '/api/auth/forgot-password', { body: { email: user.email } });
      const resetToken = await resetTokenFor(app, user.email);
      await call(app.baseUrl, `/api/auth/reset-password/${resetToken}`);
      const { body } = await call(app.baseUrl, '/api/auth/hubspot-install-url', { token: user.token });
      const state = new URL((body as { installUrl: string }).installUrl).searchParams.get('state')!;
      const code = await app.system.sandboxCrm!.store.issueCode(
        await app.system.sandboxCrm!.store.createPortal(user.userId),
      );
      await fetch(`${app.baseUrl}/api/hubspot/oauth/callback?code=${code}&state=${state}`, {
        redirect: 'manual',
      });
      await fetch(`${app.baseUrl}/api/hubspot/oauth/callback?state=${state}&error=access_denied`, {
        redirect: 'manual',
      });
      const pass = await sandboxPass(app.baseUrl, user.token);
      await call(app.baseUrl, `/api/nowhere?next=/sandbox/hubspot&${pass}`, { headers: { cookie: pass } });
      await app.system.requestLogs.flush();

      const rows = JSON.stringify(
        await operationalDb(app.test.database).selectFrom('request_logs').selectAll().execute(),
      );
      const printed = stdout.join('');
      expect(rows).toContain('/api/auth/unsubscribe-credits/[REDACTED]');
      for (const secret of [unsubscribeToken, resetToken, code, state, pass.split('=')[1]!, user.token]) {
        expect(printed).not.toContain(secret);
        expect(rows).not.toContain(secret);
      }
    });

    it('lets an unsubscribe link be used again for 90 days, and not after', async () => {
      const user = await signUp(app.baseUrl);
      const token = await unsubscribeLink(user.userId);
      expect((await unsubscribe(token)).status).toBe(200);
      offsetMs = 89 * DAY;
      expect((await unsubscribe(token)).status).toBe(200);
      offsetMs = 91 * DAY;
      expect((await unsubscribe(token)).status).toBe(404);
      offsetMs = 0;
    });
  });
}
