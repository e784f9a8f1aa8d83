import { describe, expect, it } from 'vitest';
import type { CreditHistoryAnswer, UserOverview } from '../../api/admin/contract';
import { ACCOUNT_DELETED, SUBSCRIPTION_NOT_CANCELLED, WRONG_PASSWORD } from '../../api/accounts/deletion';
import { PaymentProviderError } from '../../api/adapters/stripe/gateway';
import { DELETED_USER } from '../../domain/accounts/personal-data';
import { call, signUp, TEST_PASSWORD, type RunningApp, appWithAdminForSuite } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { kurrentdbBackend } from '../support/kurrentdb/backend';
import { lookUpInSandbox } from '../support/sandbox-hubspot';
import { liveSchema } from '../../projections/versions';
import { logText, replayBeside, searchTables, wholeLog } from './deletion-support';

/** A whole account's life and its deletion, on a machine other suites load too. */
const SLOW = 120_000;

/** A ZIP no id or number in the data could contain by chance, typed as a person would. */
const ZIP = 'M5V 3L9';

for (const backend of [...behaviourBackends, kurrentdbBackend]) {
  describe(`deleting an account on ${backend.name}`, () => {
    let app: RunningApp;
    let admin: string;
    appWithAdminForSuite(backend, (started) => ({ app, admin } = started), SLOW);

    const post = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' });
    const localUrl = (url: string) => app.baseUrl + new URL(url).pathname;
    const balanceOf = async (token: string) =>
      ((await call(app.baseUrl, '/api/auth/credit-balance', { token })).body as { creditBalance: number })
        .creditBalance;
    const buy = async (token: string, paymentType: 'oneTime' | 'monthly') => {
      const { body } = await call(app.baseUrl, '/api/auth/create-checkout-session', {
        token,
        body: { packageId: 'starter', paymentType },
      });
      expect((await post(`${localUrl((body as { url: string }).url)}/pay`)).status).toBe(303);
    };
    const deletion = (token: string, password: string) =>
      call(app.baseUrl, '/api/auth/account', { method: 'DELETE', token, body: { password } });
    const overviewOf = async (userId: string) => {
      const { body } = await call(app.baseUrl, '/api/auth/admin/users?limit=100', { token: admin });
      return (body as { users: UserOverview[] }).users.find((u) => u.id === userId);
    };
    const historyOf = async (userId: string) =>
      (await call(app.baseUrl, `/api/auth/admin/users/${userId}/credit-history`, { token: admin }))
        .body as CreditHistoryAnswer;

    /** A user who signed up, connected a sandbox portal, looked a ZIP up and paid, as in use. */
    async function activeUser() {
      const user = await signUp(app.baseUrl);
      await lookUpInSandbox(app.baseUrl, user.email, TEST_PASSWORD, ZIP);
      await expect.poll(() => balanceOf(user.token), { timeout: 20_000 }).toBe(49);
      await buy(user.token, 'oneTime');
      await buy(user.token, 'monthly');
      await app.system.runner.settled();
      return user;
    }

    it(
      'erases the person from every table and the log, keeps the ledger, and replays to the same read models',
      async () => {
        const user = await activeUser();
        // On PostgreSQL the admin's read models may apply the lookup a moment after the balance's.
        await expect
          .poll(async () => (await overviewOf(user.userId))?.successfulLookups, { timeout: 20_000 })
          .toBe(1);
        await app.system.runner.settled();
        const before = { overview: await overviewOf(user.userId), history: await historyOf(user.userId) };

        const answer = await deletion(user.token, TEST_PASSWORD);
        expect(answer).toMatchObject({ status: 200, body: { message: ACCOUNT_DELETED } });
        await app.system.runner.settled();
        await app.system.requestLogs.flush();

        const db = app.test.database.db;
        const needles = [user.email, ZIP];
        expect(await searchTables(db, await liveSchema(db), needles)).toEqual([]);
        const stored = logText(await wholeLog(app.rawStore));
        for (const needle of needles) expect(stored.toLowerCase()).not.toContain(needle.toLowerCase());
        const opened = logText(await wholeLog(app.test.store));
        for (const needle of needles) expect(opened.toLowerCase()).not.toContain(needle.toLowerCase());

        const after = { overview: await overviewOf(user.userId), history: await historyOf(user.userId) };
        expect(after.overview).toEqual({
          ...before.overview,
          email: DELETED_USER,
          lastActivity: null,
          deleted: true,
        });
        expect(after.history.email).toBe(DELETED_USER);
        expect(after.history.balance).toBe(before.history.balance);
        expect(after.history.entries.map((e) => [e.kind, e.change, e.balanceAfter])).toEqual(
          before.history.entries.map((e) => [e.kind, e.change, e.balanceAfter]),
        );

        const { live, replayed } = await replayBeside(db, app.test.store);
        expect(replayed).toEqual(live);
      },
      SLOW,
    );

    it(
      'signs the account out everywhere, cancels its subscription, and frees the address',
      async () => {
        const user = await activeUser();
        const otherDevice = (
          await call(app.baseUrl, '/api/auth/login', {
            body: { email: user.email, password: TEST_PASSWORD },
          })
        ).body as { token: string };

        expect((await deletion(user.token, TEST_PASSWORD)).status).toBe(200);

        for (const token of [user.token, otherDevice.token])
          expect((await call(app.baseUrl, '/api/auth/is-admin', { token })).status).toBe(401);
        const signIn = await call(app.baseUrl, '/api/auth/login', {
          body: { email: user.email, password: TEST_PASSWORD },
        });
        expect(signIn.status).toBe(401);
        const subscriptions = await app.test.database.db
          .selectFrom('stripe_sandbox_subscriptions' as never)
          .selectAll()
          .execute();
        expect(
          (subscriptions as { metadata: string; status: string }[])
            .filter((s) => s.metadata.includes(user.userId))
            .map((s) => s.status),
        ).toEqual(['canceled']);
        const again = await signUp(app.baseUrl, user.email);
        expect(again.userId).not.toBe(user.userId);
        expect(await balanceOf(again.token)).toBe(0);
      },
      SLOW,
    );

    it('refuses a wrong password, deleting nothing', async () => {
      const user = await signUp(app.baseUrl);
      const answer = await deletion(user.token, 'not the password at all');
      expect(answer).toMatchObject({ status: 400, body: { error: WRONG_PASSWORD } });
      expect((await call(app.baseUrl, '/api/auth/is-admin', { token: user.token })).status).toBe(200);
    });

    it('counts wrong passwords with the sign-in failures of the address, and then refuses for a while', async () => {
      const user = await signUp(app.baseUrl);
      for (let i = 0; i < 10; i++) expect((await deletion(user.token, `wrong guess ${i}`)).status).toBe(400);
      expect((await deletion(user.token, TEST_PASSWORD)).status).toBe(429);
      expect((await call(app.baseUrl, '/api/auth/is-admin', { token: user.token })).status).toBe(200);
    });

    it('refuses when Stripe will not cancel the subscription, deleting nothing', async () => {
      const user = await signUp(app.baseUrl);
      await buy(user.token, 'monthly');
      const gateway = app.system.payments.gateway;
      const cancel = gateway.cancelSubscription;
      gateway.cancelSubscription = () => Promise.reject(new PaymentProviderError('Stripe is down', 502));
      try {
        const answer = await deletion(user.token, TEST_PASSWORD);
        expect(answer).toMatchObject({ status: 409, body: { error: SUBSCRIPTION_NOT_CANCELLED } });
      } finally {
        gateway.cancelSubscription = cancel;
      }
      expect((await call(app.baseUrl, '/api/auth/is-admin', { token: user.token })).status).toBe(200);
      expect(
        (await call(app.baseUrl, '/api/auth/subscription-status', { token: user.token })).body,
      ).toMatchObject({
        hasActiveSubscription: true,
      });
    });
  });
}
