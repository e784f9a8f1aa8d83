import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { creditUsageOf } from '../../projections/credits/queries';
import { creditsStream } from '../../domain/credits/decider';
import type { LookupRef } from '../../domain/lookups/events';
import { behaviourBackends } from '../support/databases';
import { call, signUp, startApp, type RunningApp } from '../support/app';
import { mailTo, waitForMail } from '../support/mail';

const PUBLIC_URL = 'http://zipfill.test';
const ADMIN = 'credit-settings-admin@example.com';
const notifications = (threshold: number | null, before: number | null = null) => ({
  threshold,
  unsubscribedByEmail: before !== null,
  thresholdBeforeUnsubscribe: before,
});

for (const backend of behaviourBackends) {
  describe(`credit settings and notifications on ${backend.name}`, () => {
    let app: RunningApp;
    let base: string;
    beforeAll(async () => {
      app = await startApp(backend, { PUBLIC_URL, ADMIN_EMAILS: ADMIN });
      base = app.baseUrl;
    });
    afterAll(async () => app?.close());

    const at = () => new Date().toISOString();
    const lookup = (): LookupRef => ({
      lookupId: randomUUID(),
      portalId: '1',
      objectType: 'contact',
      objectId: '2',
      zip: '10001',
      requestedAt: at(),
    });
    /** One successful lookup, as the lookup processor records it. */
    async function succeed(userId: string) {
      const credits = app.system.accounts.credits;
      const l = lookup();
      await credits.handle(creditsStream(userId), { type: 'ChargeLookup', lookup: l, at: at() });
      await credits.handle(creditsStream(userId), {
        type: 'CompleteLookup',
        lookup: l,
        filled: {},
        before: {},
        at: at(),
      });
    }
    async function fail(userId: string) {
      const l = lookup();
      await app.system.accounts.credits.handle(creditsStream(userId), {
        type: 'FailLookup',
        lookup: l,
        reason: 'zip_not_found',
        detail: '',
        at: at(),
      });
    }
    async function addCredits(userId: string, credits: number) {
      await app.system.accounts.credits.handle(creditsStream(userId), {
        type: 'AddCredits',
        credits,
        source: { kind: 'admin_adjustment', adminUserId: 'test', note: '' },
        at: at(),
      });
    }
    /**
     * Waits until the read model shows this balance (on PostgreSQL an event becomes readable
     * only below the horizon of running transactions), then until the notices have followed.
     */
    const settle = async (userId: string, balance: number) => {
      await vi.waitFor(
        async () => expect((await creditUsageOf(app.system.readModels, userId)).balance).toBe(balance),
        { timeout: 15_000, interval: 20 },
      );
      await app.system.creditNotices.settled();
    };

    it('shows the balance, the usage and the all-time lookup count', async () => {
      const { token, userId } = await signUp(base);
      const before = (await call(base, '/api/auth/lookup-count')).body as {
        allTimeSuccessfulLookups: number;
      };
      await succeed(userId);
      await succeed(userId);
      await fail(userId);
      await vi.waitFor(
        async () => expect((await creditUsageOf(app.system.readModels, userId)).failedAttempts).toBe(1),
        { timeout: 15_000, interval: 20 },
      );
      expect((await call(base, '/api/auth/credit-balance', { token })).body).toEqual({ creditBalance: 48 });
      expect((await call(base, '/api/auth/credit-usage-stats', { token })).body).toEqual({
        creditsUsed: 2,
        failedAttempts: 1,
        nothingToUpdate: 0,
      });
      expect((await call(base, '/api/auth/lookup-count')).body).toEqual({
        allTimeSuccessfulLookups: before.allTimeSuccessfulLookups + 2,
      });
      expect((await call(base, '/api/auth/subscription-status', { token })).body).toEqual({
        hasActiveSubscription: false,
        plan: null,
      });
    });

    it('keeps a threshold of whole credits or none, and refuses anything else naming the field', async () => {
      const { token } = await signUp(base);
      expect((await call(base, '/api/auth/credit-threshold', { token })).body).toEqual(notifications(null));
      const saved = await call(base, '/api/auth/credit-threshold', { token, body: { threshold: 20 } });
      expect(saved).toMatchObject({
        status: 200,
        body: { threshold: 20, message: 'Notification settings updated successfully' },
      });
      expect((await call(base, '/api/auth/credit-threshold', { token })).body).toEqual(notifications(20));
      await call(base, '/api/auth/credit-threshold', { token, body: { threshold: null } });
      expect((await call(base, '/api/auth/credit-threshold', { token })).body).toEqual(notifications(null));
      for (const threshold of [-1, 1.5, '5']) {
        const bad = await call(base, '/api/auth/credit-threshold', { token, body: { threshold } });
        expect(bad.status).toBe(400);
        expect((bad.body as { error: string }).error).toMatch(/^threshold /);
      }
      expect((await call(base, '/api/auth/credit-threshold', { token, body: {} })).body).toEqual({
        error: 'threshold is required.',
      });
    });

    it('sends one e-mail when the balance falls below the threshold, and another only after it rose above and fell again', async () => {
      const { token, userId, email } = await signUp(base);
      await call(base, '/api/auth/credit-threshold', { token, body: { threshold: 48 } });
      await succeed(userId); // 49
      await succeed(userId); // 48
      await succeed(userId); // 47: below
      await succeed(userId); // 46: still below
      await settle(userId, 46);
      const first = await mailTo(app, email);
      expect(first).toHaveLength(1);
      expect(first[0]!.body).toContain(`${PUBLIC_URL}/unsubscribe/`);
      await addCredits(userId, 10); // 56: above again
      await succeed(userId); // 55
      await settle(userId, 55);
      expect(await mailTo(app, email)).toHaveLength(1);
      await addCredits(userId, 1); // 56
      for (let i = 0; i < 9; i++) await succeed(userId); // 47: below again
      await settle(userId, 47);
      expect(await waitForMail(app, email, 2)).toHaveLength(2);
    });

    it('stops the e-mails through the unsubscribe link, signed out, as an event', async () => {
      const { token, userId, email } = await signUp(base);
      await call(base, '/api/auth/credit-threshold', { token, body: { threshold: 50 } });
      await succeed(userId);
      await settle(userId, 49);
      const [mail] = await waitForMail(app, email);
      const unsubscribeToken = /\/unsubscribe\/(\S+)/.exec(mail!.body)![1]!;
      const res = await call(base, `/api/auth/unsubscribe-credits/${unsubscribeToken}`);
      expect(res).toMatchObject({
        status: 200,
        body: { message: 'You have been successfully unsubscribed from credit notifications.' },
      });
      const events = await app.test.store.readStream(`account-${userId}`);
      expect(events.map((e) => e.type)).toContain('CreditNotificationsUnsubscribed');
      await addCredits(userId, 10);
      for (let i = 0; i < 12; i++) await succeed(userId);
      await settle(userId, 47);
      expect(await mailTo(app, email)).toHaveLength(1);
    });

    it('turns notifications off everywhere after the unsubscribe link, and back on with one save', async () => {
      const admin = await signUp(base, ADMIN);
      const { token, userId, email } = await signUp(base);
      await call(base, '/api/auth/credit-threshold', { token, body: { threshold: 50 } });
      await succeed(userId);
      await settle(userId, 49);
      const alerted = async () => {
        const dashboard = await call(base, '/api/auth/admin/dashboard-consolidated', { token: admin.token });
        return (dashboard.body as { creditAlerts: { email: string }[] }).creditAlerts.some(
          (a) => a.email === email,
        );
      };
      await vi.waitFor(async () => expect(await alerted()).toBe(true), { timeout: 15_000, interval: 50 });
      const [mail] = await waitForMail(app, email);
      const unsubscribeToken = /\/unsubscribe\/(\S+)/.exec(mail!.body)![1]!;
      await call(base, `/api/auth/unsubscribe-credits/${unsubscribeToken}`);

      expect((await call(base, '/api/auth/credit-threshold', { token })).body).toEqual(
        notifications(null, 50),
      );
      await vi.waitFor(async () => expect(await alerted()).toBe(false), { timeout: 15_000, interval: 50 });

      const back = await call(base, '/api/auth/credit-threshold', { token, body: { threshold: 50 } });
      expect(back).toMatchObject({ status: 200, body: { threshold: 50 } });
      expect((await call(base, '/api/auth/credit-threshold', { token })).body).toEqual(notifications(50));
      await vi.waitFor(async () => expect(await alerted()).toBe(true), { timeout: 15_000, interval: 50 });
    });

    it('answers an unknown unsubscribe link with the failure text', async () => {
      expect(await call(base, '/api/auth/unsubscribe-credits/not-a-real-token')).toMatchObject({
        status: 404,
        body: { error: 'Failed to unsubscribe. The link may be invalid or expired.' },
      });
    });
  });
}
