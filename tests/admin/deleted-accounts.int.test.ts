import { describe, expect, it } from 'vitest';
import type { DashboardAnswer, UserOverview } from '../../api/admin/contract';
import { DELETED_USER } from '../../domain/accounts/personal-data';
import { userStatus } from '../../domain/admin/rules';
import { call, signUp, TEST_PASSWORD, type RunningApp, appWithAdminForSuite } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { lookUpInSandbox } from '../support/sandbox-hubspot';

const SLOW = 60_000;

for (const backend of behaviourBackends) {
  describe(`deleted accounts in the admin's views on ${backend.name}`, () => {
    let app: RunningApp;
    let admin: string;
    appWithAdminForSuite(backend, (started) => ({ app, admin } = started), SLOW);

    const dashboard = async () => {
      await app.system.runner.settled();
      return (await call(app.baseUrl, '/api/auth/admin/dashboard-consolidated', { token: admin }))
        .body as DashboardAnswer;
    };
    const overviewOf = async (userId: string) => {
      const { body } = await call(app.baseUrl, '/api/auth/admin/users?limit=100', { token: admin });
      return (body as { users: UserOverview[] }).users.find((u) => u.id === userId)!;
    };
    const balanceOf = async (token: string) =>
      ((await call(app.baseUrl, '/api/auth/credit-balance', { token })).body as { creditBalance: number })
        .creditBalance;

    it(
      'marks a deleted account Deleted, with no last activity, and leaves it out of the user, active-user and credit totals',
      async () => {
        const user = await signUp(app.baseUrl);
        await lookUpInSandbox(app.baseUrl, user.email, TEST_PASSWORD, '10001');
        await expect.poll(() => balanceOf(user.token), { timeout: 20_000 }).toBe(49);
        expect(
          (
            await call(app.baseUrl, '/api/auth/credit-threshold', {
              token: user.token,
              body: { threshold: 100 },
            })
          ).status,
        ).toBe(200);
        await expect
          .poll(async () => (await overviewOf(user.userId)).lastActivity, { timeout: 20_000 })
          .not.toBeNull();
        const before = { dashboard: await dashboard(), overview: await overviewOf(user.userId) };
        expect(userStatus(before.overview)).toBe('Active');
        expect(before.dashboard.creditAlerts.map((a) => a.email)).toContain(user.email);

        const deleted = await call(app.baseUrl, '/api/auth/account', {
          method: 'DELETE',
          token: user.token,
          body: { password: TEST_PASSWORD },
        });
        expect(deleted.status).toBe(200);
        const after = { dashboard: await dashboard(), overview: await overviewOf(user.userId) };

        expect(after.overview).toEqual({
          ...before.overview,
          email: DELETED_USER,
          lastActivity: null,
          deleted: true,
        });
        expect(userStatus(after.overview)).toBe('Deleted');
        expect(after.dashboard.creditAlerts.map((a) => a.email)).not.toContain(DELETED_USER);
        expect(after.dashboard.recentSignups.find((s) => s.email === DELETED_USER)).toMatchObject({
          deleted: true,
          last_lookup: null,
        });
        const [b, a] = [before.dashboard.systemStats, after.dashboard.systemStats];
        expect(a).toMatchObject({
          totalUsers: b.totalUsers - 1,
          activeUsers24h: b.activeUsers24h - 1,
          activeUsers7d: b.activeUsers7d - 1,
          totalCreditsRemaining: b.totalCreditsRemaining - 49,
          totalLookups: b.totalLookups,
          deletedUsers: b.deletedUsers + 1,
          deletedUsersCredits: b.deletedUsersCredits + 49,
        });
      },
      SLOW,
    );
  });
}
