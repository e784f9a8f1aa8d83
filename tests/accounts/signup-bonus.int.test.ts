import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationAnswer } from '../../api/accounts/contract';
import { emailDigestKey, keyedDigestOfHash, legacyEmailHash } from '../../api/accounts/address-digest';
import { rekeyLegacyClaims } from '../../api/accounts/rekey-claims';
import { operationalDb } from '../../api/db/operational';
import { silentLogger } from '../../api/logging/logger';
import { emailStream } from '../../domain/accounts/email-claim';
import { call, freshEmail, signUp, startApp, TEST_PASSWORD, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { logText, wholeLog } from './deletion-support';

const SLOW = 60_000;

for (const backend of behaviourBackends) {
  describe(`the sign-up bonus, once per address, on ${backend.name}`, () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startApp(backend);
    }, SLOW);
    afterAll(async () => app?.close());

    const register = async (email: string, partner?: string) => {
      const { status, body } = await call(app.baseUrl, `/api/auth/register${partner ? `/${partner}` : ''}`, {
        body: { email, password: TEST_PASSWORD },
      });
      expect(status).toBe(201);
      return body as RegistrationAnswer;
    };
    const balanceOf = async (token: string) =>
      ((await call(app.baseUrl, '/api/auth/credit-balance', { token })).body as { creditBalance: number })
        .creditBalance;
    const deleteAccount = (token: string) =>
      call(app.baseUrl, '/api/auth/account', { method: 'DELETE', token, body: { password: TEST_PASSWORD } });

    it(
      'a new account for the address of a deleted one starts at 0 credits, and the message says so',
      async () => {
        const email = freshEmail();
        const first = await register(email, 'partner-a');
        expect(first.user.credits).toBe(300);
        expect((await deleteAccount(first.token)).status).toBe(200);

        const again = await register(email.toUpperCase());
        expect(again.user.credits).toBe(0);
        expect(again.message).toContain('already received the free sign-up credits');
        expect(again.message).toContain('0 credits');
        expect(await balanceOf(again.token)).toBe(0);
        expect((await deleteAccount(again.token)).status).toBe(200);
        const third = await register(email, 'partner-b');
        expect(third.user.credits).toBe(0);
      },
      SLOW,
    );

    it('an address never seen before gets its 50 credits, and the message promises them', async () => {
      const answer = await register(freshEmail());
      expect(answer.user.credits).toBe(50);
      expect(answer.message).toBe("Registration successful! You've been awarded 50 free credits.");
    });

    it('names an address’s claim by a keyed digest: the log holds no bare SHA-256 of it', async () => {
      const user = await signUp(app.baseUrl);
      const stored = logText(await wholeLog(app.rawStore));
      expect(stored).not.toContain(legacyEmailHash(user.email));
    });

    it(
      'moves a legacy claim (named by the bare SHA-256) to its keyed stream, holder and bonus included, and deletes the old one',
      async () => {
        const user = await signUp(app.baseUrl);
        const deleted = await signUp(app.baseUrl);
        expect((await deleteAccount(deleted.token)).status).toBe(200);
        // Two claims as they were recorded before: a live holder, and a released address.
        const legacy = async (email: string, events: { type: string; data: Record<string, string> }[]) => {
          await app.system.store.append(
            `email-${legacyEmailHash(email)}`,
            events.map((e) => ({ id: randomUUID(), ...e })),
            { expected: 'no_stream' },
          );
        };
        const live = freshEmail('legacy');
        const released = freshEmail('legacy');
        const at = new Date().toISOString();
        await legacy(live, [{ type: 'EmailClaimed', data: { userId: user.userId, at } }]);
        await legacy(released, [
          { type: 'EmailClaimed', data: { userId: deleted.userId, at } },
          { type: 'EmailReleased', data: { userId: deleted.userId, at } },
        ]);
        const operational = operationalDb(app.test.database);
        await operational.deleteFrom('app_secrets').where('name', '=', 'email_claims_rekeyed').execute();

        const moved = await rekeyLegacyClaims({
          store: app.system.store,
          emailClaims: app.system.accounts.emailClaims,
          digestOfHash: keyedDigestOfHash(await emailDigestKey(app.system.settings, operational, new Date())),
          operational,
          eventsInDatabase: true,
          now: () => new Date(),
          logger: silentLogger,
        });

        expect(moved).toBe(2);
        const claimOf = async (email: string) =>
          (await app.system.accounts.emailClaims.load(emailStream(app.system.accounts.addressDigest(email))))
            .state;
        expect(await claimOf(live)).toMatchObject({ userId: user.userId, bonusReceived: true });
        expect(await claimOf(released)).toMatchObject({ userId: null, bonusReceived: true });
        const stored = logText(await wholeLog(app.rawStore));
        for (const email of [live, released]) expect(stored).not.toContain(legacyEmailHash(email));
        expect((await register(released)).user.credits).toBe(0);
      },
      SLOW,
    );
  });
}
