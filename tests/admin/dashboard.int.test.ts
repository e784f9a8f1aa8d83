import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourBackends } from '../support/databases';
import { call, freshEmail, signUp, startApp, type RunningApp } from '../support/app';
import { dashboardOfNewAdmin, historyOf } from './history';
import type { DashboardAnswer } from '../../api/admin/contract';

const NOW = new Date('2026-03-10T12:00:00Z');

/**
 * A small hand-built history; every expected figure below is worked out from it by hand.
 * alice (direct, 2026-01-01, threshold 100): +50 sign-up, +300 purchase; lookups: 03-05 10:00
 *   failed zip_not_found (refunded), 03-09 10:00 ok, 03-10 11:30 ok -> 348 credits.
 * bob (partner-a, 2026-03-08, threshold 400): 300 credits; 03-10 11:00 invalid_zip_format, never charged.
 * carol (direct, 2025-12-01): 2 lookups ok on 2026-01-15 -> 48 credits.
 * the admin signs up at NOW: 50 credits.
 * Portals: 101 alice contact only, 102 alice both, 103 bob none, 104 carol disconnected.
 */
for (const backend of behaviourBackends) {
  describe(`admin dashboard on ${backend.name}`, () => {
    let app: RunningApp;
    let d: DashboardAnswer;
    const adminEmail = freshEmail('admin');
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => ({
      id: `${n}-${Math.random().toString(36).slice(2, 10)}`,
      email: `${n}-${Math.random().toString(36).slice(2, 10)}@example.com`,
    })) as [{ id: string; email: string }, { id: string; email: string }, { id: string; email: string }];
    let aliceLookups: string[] = [];

    beforeAll(async () => {
      app = await startApp(backend, { ADMIN_EMAILS: adminEmail }, { now: () => NOW });
      const h = historyOf(app.system);
      await h.register(alice.id, alice.email, '2026-01-01T09:00:00Z');
      await h.threshold(alice.id, 100, '2026-01-01T09:05:00Z');
      await h.add(
        alice.id,
        300,
        {
          kind: 'pack_purchase',
          checkoutSessionId: 'cs_test_alice',
          packageId: 'starter',
          amountCents: 5000,
        },
        '2026-01-02T09:00:00Z',
      );
      await h.register(bob.id, bob.email, '2026-03-08T09:00:00Z', 'partner-a');
      await h.threshold(bob.id, 400, '2026-03-08T09:05:00Z');
      await h.register(carol.id, carol.email, '2025-12-01T09:00:00Z');
      await h.portal('101', alice.id, '2026-01-01T10:00:00Z', {
        contact: { city: 'city', state: '', county: '', country: '' },
        company: { city: '', state: '', county: '', country: '' },
      });
      await h.portal('102', alice.id, '2026-01-01T10:00:00Z', {
        contact: { city: 'city', state: 'state', county: '', country: '' },
        company: { city: '', state: '', county: '', country: 'country' },
      });
      await h.portal('103', bob.id, '2026-03-08T10:00:00Z');
      await h.portal('104', carol.id, '2025-12-01T10:00:00Z', undefined, '2026-02-01T10:00:00Z');
      await h.lookup(carol.id, '104', '2026-01-15T08:00:00Z');
      await h.lookup(carol.id, '104', '2026-01-15T09:00:00Z');
      aliceLookups = [
        await h.lookup(alice.id, '102', '2026-03-05T10:00:00Z', { fail: 'zip_not_found' }, 'req-alice-1'),
        await h.lookup(alice.id, '101', '2026-03-09T10:00:00Z', {}, 'req-alice-2'),
        await h.lookup(alice.id, '101', '2026-03-10T11:30:00Z', {}, 'req-alice-3'),
      ];
      await h.lookup(bob.id, '103', '2026-03-10T11:00:00Z', { fail: 'invalid_zip_format', charge: false });
      const sink = app.system.requestLogs.sink;
      for (const minute of ['31', '32', '33'])
        sink({
          time: `2026-03-10T11:${minute}:00.000Z`,
          level: 'info',
          message: 'GET /api/x 200',
          statusCode: 200,
          responseTime: 10,
        });
      sink({
        time: '2026-03-09T15:10:00.000Z',
        level: 'error',
        message: 'boom',
        statusCode: 500,
        responseTime: 30,
      });
      await app.system.requestLogs.flush();
      d = await dashboardOfNewAdmin(app, adminEmail);
    });
    afterAll(async () => app?.close());

    it('counts users, lookups, active users and credits in the system stats', () => {
      expect(d.systemStats).toEqual({
        totalUsers: 4,
        newUsers7d: 2,
        totalLookups: 6,
        successRate: 66.7,
        successfulLookups: 4,
        activeUsers24h: 2,
        activeUsers7d: 2,
        totalCreditsRemaining: 746,
        avgCreditsPerUser: 186.5,
        deletedUsers: 0,
        deletedUsersCredits: 0,
      });
    });

    it('feeds the live activity newest first with the balance after each lookup', () => {
      expect(
        d.recentActivity.map((a) => [a.email, a.successful, a.zipcode, a.reason, a.userCredits]),
      ).toEqual([
        [alice.email, true, '10001', null, 348],
        [bob.email, false, '1234', 'invalid_zip_format', 300],
        [alice.email, true, '10001', null, 349],
        [alice.email, false, '10001', 'zip_not_found', 350],
        [carol.email, true, '10001', null, 48],
        [carol.email, true, '10001', null, 49],
      ]);
      expect(d.recentActivity[0]!.timestamp).toBe('2026-03-10T11:30:00.000Z');
    });

    it('gives each user their credits, threshold, lookups and referral type', () => {
      const a = d.userOverview.find((u) => u.id === alice.id)!;
      expect(a).toMatchObject({
        email: alice.email,
        credits: 348,
        creditThreshold: 100,
        totalLookups: 3,
        lookups24h: 1,
        lookups7d: 3,
        successRate: 66.7,
        lastActivity: '2026-03-10T11:30:00.000Z',
        createdAt: '2026-01-01T09:00:00.000Z',
        referralType: 'direct',
      });
      expect(d.userOverview.find((u) => u.id === bob.id)).toMatchObject({
        referralType: 'partner-a',
        lookups24h: 1,
      });
    });

    it('puts each user in one credit range', () => {
      expect(d.creditDistribution.filter((r) => r.user_count > 0)).toEqual([
        { credit_range: '11-50', user_count: 2 },
        { credit_range: '101-500', user_count: 2 },
      ]);
    });

    it('analyses failures by reason with affected users and the 24-hour and 7-day counts', () => {
      expect(d.failureAnalysis).toEqual([
        { reason: 'invalid_zip_format', count: 1, affected_users: 1, count_24h: 1, count_7d: 1 },
        { reason: 'zip_not_found', count: 1, affected_users: 1, count_24h: 0, count_7d: 1 },
      ]);
    });

    it('ranks top performers by successful lookups', () => {
      expect(d.topPerformers).toEqual([
        { email: alice.email, successful_all_time: 2, successful_7d: 2, credits: 348 },
        { email: carol.email, successful_all_time: 2, successful_7d: 0, credits: 48 },
      ]);
    });

    it('splits users by referral type', () => {
      expect(d.referralStats.map((r) => [r.referral_type, r.user_count, r.total_lookups])).toEqual([
        ['direct', 3, 5],
        ['partner-a', 1, 1],
      ]);
    });

    it('counts connected users and configured portals, and reports configuration per user', () => {
      expect(d.hubspotStats).toEqual({ connected_users: 2, configured_portals: 2 });
      const r = d.propertyConfigurationReport;
      expect({ ...r, user_details: undefined }).toEqual({
        users_no_config: 1,
        users_contact_only: 0,
        users_company_only: 0,
        users_fully_configured: 1,
        total_users_with_connections: 2,
        users_not_connected: 2,
        user_details: undefined,
      });
      expect(r.user_details.map((u) => [u.email, u.config_status, u.connected_portals])).toEqual([
        [bob.email, 'none', 1],
        [alice.email, 'fully_configured', 2],
      ]);
    });

    it('lists recent sign-ups newest first', () => {
      expect(d.recentSignups.map((s) => s.email)).toEqual([adminEmail, bob.email, alice.email, carol.email]);
      expect(d.recentSignups[1]).toMatchObject({
        referral_type: 'partner-a',
        credits: 300,
        lookups_since_signup: 1,
      });
    });

    it('alerts on users below the threshold they set', () => {
      expect(d.creditAlerts).toEqual([
        {
          email: bob.email,
          credits: 300,
          credit_threshold: 400,
          credits_below_threshold: 100,
          recent_lookups: 1,
        },
      ]);
    });

    it('charts 30 days ascending with each day counted', () => {
      expect(d.chartData).toHaveLength(30);
      expect(d.chartData[0]!.date).toBe('2026-02-09');
      expect(d.chartData.at(-1)).toEqual({ date: '2026-03-10', successful_count: 1, failed_count: 1 });
      expect(d.chartData.filter((c) => c.successful_count + c.failed_count > 0).map((c) => c.date)).toEqual([
        '2026-03-05',
        '2026-03-09',
        '2026-03-10',
      ]);
    });

    it('groups users by engagement level with their average lookups', () => {
      expect(d.userEngagement).toEqual([
        { engagement_level: 'Highly Active', user_count: 0, avg_lookups: 0 },
        { engagement_level: 'Active', user_count: 2, avg_lookups: 2 },
        { engagement_level: 'Recent', user_count: 0, avg_lookups: 0 },
        { engagement_level: 'Dormant', user_count: 1, avg_lookups: 2 },
        { engagement_level: 'Never Used', user_count: 1, avg_lookups: 0 },
      ]);
    });

    it('shows the busiest hours of the last 7 days with their success rate', () => {
      expect(d.timeBasedAnalytics).toEqual([
        { hour: 10, total_lookups: 2, successful_lookups: 1, success_rate: 50 },
        { hour: 11, total_lookups: 2, successful_lookups: 1, success_rate: 50 },
      ]);
    });

    it('traces credit consumption per day, newest first', () => {
      expect(d.creditConsumptionTrends).toEqual([
        {
          date: '2026-03-10',
          active_users: 2,
          credits_consumed: 1,
          avg_credits_per_user: 0.5,
          success_rate: 50,
        },
        {
          date: '2026-03-09',
          active_users: 1,
          credits_consumed: 1,
          avg_credits_per_user: 1,
          success_rate: 100,
        },
        {
          date: '2026-03-05',
          active_users: 1,
          credits_consumed: 0,
          avg_credits_per_user: 0,
          success_rate: 0,
        },
        {
          date: '2026-01-15',
          active_users: 1,
          credits_consumed: 2,
          avg_credits_per_user: 2,
          success_rate: 100,
        },
      ]);
    });

    it('ranks portals by lookups', () => {
      expect(
        d.portalAnalytics.map((p) => [p.portal_id, p.unique_users, p.total_lookups, p.success_rate]),
      ).toEqual([
        ['101', 1, 2, 100],
        ['104', 1, 2, 100],
        ['102', 1, 1, 0],
        ['103', 1, 1, 0],
      ]);
    });

    it('measures API requests in the last hour and per hour over 7 days', () => {
      expect(d.performanceMetrics).toEqual({
        requests_last_hour: 3,
        avg_requests_per_hour: 0,
        peak_requests_per_hour: 3,
      });
    });

    it("keeps a credit audit trail whose last balance is the user's balance", async () => {
      const { token } = await call(app.baseUrl, '/api/auth/login', {
        body: { email: adminEmail, password: 'correct horse battery staple' },
      }).then((r) => r.body as { token: string });
      const res = await call(app.baseUrl, `/api/auth/admin/users/${alice.id}/credit-history`, { token });
      expect(res.status).toBe(200);
      const body = res.body as {
        balance: number;
        entries: { kind: string; change: number; balanceAfter: number; cause: Record<string, unknown> }[];
      };
      expect(body.entries.map((e) => [e.kind, e.change, e.balanceAfter])).toEqual([
        ['signup_grant', 50, 50],
        ['purchase', 300, 350],
        ['lookup_charge', -1, 349],
        ['lookup_refund', 1, 350],
        ['lookup_charge', -1, 349],
        ['lookup_charge', -1, 348],
      ]);
      expect(body.entries[1]!.cause).toMatchObject({ stripeObjectId: 'cs_test_alice' });
      expect(body.entries[3]!.cause).toMatchObject({ lookupId: aliceLookups[0], requestId: 'req-alice-1' });
      const balance = await app.system.readModels
        .selectFrom('credit_balances')
        .select('balance')
        .where('user_id', '=', alice.id)
        .executeTakeFirstOrThrow();
      expect(body.entries.at(-1)!.balanceAfter).toBe(balance.balance);
      expect(body.balance).toBe(348);
    });

    it('lists one lookup summary per lookup with credits before and after and the request id', async () => {
      const { token } = await signUp(app.baseUrl, freshEmail('x')).then(async () =>
        call(app.baseUrl, '/api/auth/login', {
          body: { email: adminEmail, password: 'correct horse battery staple' },
        }).then((r) => r.body as { token: string }),
      );
      const res = await call(app.baseUrl, `/api/logs/admin/lookup-summaries?userId=${alice.id}`, { token });
      const body = res.body as { summaries: Record<string, unknown>[] };
      expect(
        body.summaries.map((s) => [
          s.outcome,
          s.reason,
          s.creditsBefore,
          s.creditsAfter,
          s.durationMs,
          s.requestId,
        ]),
      ).toEqual([
        ['success', null, 349, 348, 2000, 'req-alice-3'],
        ['success', null, 350, 349, 2000, 'req-alice-2'],
        ['failed', 'zip_not_found', 350, 350, 2000, 'req-alice-1'],
      ]);
    });
  });
}
