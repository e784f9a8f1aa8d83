import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnswer, UserConfiguration, UserOverview } from '../../api/admin/contract';
import { call, signUp, startApp, type RunningApp } from '../support/app';
import { behaviourBackends } from '../support/databases';
import { historyOf } from './history';

const NOW = new Date('2026-03-10T12:00:00Z');

type UsersAnswer = { users: UserOverview[]; total: number; limit: number; offset: number };
type ConfigurationsAnswer = { user_details: UserConfiguration[]; total: number };

/**
 * Six users whose figures differ on every sort field (worked out by hand):
 *   name   joined      credits  lookups (ok/failed)  rate    last lookup
 *   ann    2026-01-01      52   2 (1/1)              50      03-10 11:00
 *   ben    2026-01-02      50   0                    0       never
 *   cy     2026-01-03      47   3 (3/0)              100     03-01 10:00
 *   dee    2026-01-04      49   1 (1/0)              100     03-09 10:00
 *   eve    2026-01-05     300   0                    0       never (partner-a)
 *   the admin, joined at NOW with 50 credits.
 * ann, cy and dee have a connected portal; cy's maps contact fields.
 */
for (const backend of behaviourBackends) {
  describe(`the admin's user tables, page by page, on ${backend.name}`, () => {
    let app: RunningApp;
    let token: string;
    const tag = Math.random().toString(36).slice(2, 8);
    const adminTag = Math.random().toString(36).slice(2, 8);
    const email = (name: string) => `${name}.${tag}@example.com`;
    const names = ['ann', 'ben', 'cy', 'dee', 'eve'];

    beforeAll(async () => {
      const adminEmail = `Admin.${adminTag}@example.com`;
      app = await startApp(backend, { ADMIN_EMAILS: adminEmail }, { now: () => NOW });
      const h = historyOf(app.system);
      for (const [i, name] of names.entries())
        await h.register(
          `${name}-${tag}`,
          email(name),
          `2026-01-0${i + 1}T09:00:00Z`,
          name === 'eve' ? 'partner-a' : null,
        );
      await h.add(
        `ann-${tag}`,
        3,
        { kind: 'admin_adjustment', adminUserId: 'a', note: 'goodwill' },
        '2026-02-01T09:00:00Z',
      );
      await h.lookup(`ann-${tag}`, 'p-ann', '2026-03-09T10:00:00Z', { fail: 'zip_not_found' });
      await h.lookup(`ann-${tag}`, 'p-ann', '2026-03-10T11:00:00Z');
      for (const day of ['02-20', '02-25', '03-01'])
        await h.lookup(`cy-${tag}`, 'p-cy', `2026-${day}T10:00:00Z`);
      await h.lookup(`dee-${tag}`, 'p-dee', '2026-03-09T10:00:00Z');
      await h.portal(`p-ann-${tag}`, `ann-${tag}`, '2026-01-01T10:00:00Z');
      await h.portal(`p-cy-${tag}`, `cy-${tag}`, '2026-01-03T10:00:00Z', {
        contact: { city: 'city', state: '', county: '', country: '' },
        company: { city: '', state: '', county: '', country: '' },
      });
      await h.portal(`p-dee-${tag}`, `dee-${tag}`, '2026-01-04T10:00:00Z');
      token = (await signUp(app.baseUrl, adminEmail)).token;
      await app.system.runner.settled();
    }, 60_000);
    afterAll(async () => app?.close());

    const users = async (query: string) => {
      const res = await call(app.baseUrl, `/api/auth/admin/users?${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as UsersAnswer;
    };
    const order = (answer: UsersAnswer) => answer.users.map((u) => u.email.split('.')[0]);

    it('opens on the newest users first, with the figures and the number of users in all', async () => {
      const page = await users('');
      expect(order(page)).toEqual(['admin', 'eve', 'dee', 'cy', 'ben', 'ann']);
      expect(page).toMatchObject({ total: 6, limit: 50, offset: 0 });
      expect(page.users.find((u) => u.email === email('ann'))).toMatchObject({
        credits: 52,
        totalLookups: 2,
        lookups24h: 1,
        lookups7d: 2,
        successRate: 50,
        lastActivity: '2026-03-10T11:00:00.000Z',
        referralType: 'direct',
      });
      expect(page.users.find((u) => u.email === email('eve'))).toMatchObject({
        credits: 300,
        referralType: 'partner-a',
      });
    });

    it('sorts by each field in either direction, users without lookups last when newest first', async () => {
      const sorted = async (sort: string, direction: string) =>
        order(await users(`sort=${sort}&direction=${direction}&search=${tag}`));
      expect(await sorted('credits', 'desc')).toEqual(['eve', 'ann', 'ben', 'dee', 'cy']);
      expect(await sorted('credits', 'asc')).toEqual(['cy', 'dee', 'ben', 'ann', 'eve']);
      expect(await sorted('totalLookups', 'desc')).toEqual(['cy', 'ann', 'dee', 'eve', 'ben']);
      // Equal rates keep the newest first.
      expect(await sorted('successRate', 'desc')).toEqual(['dee', 'cy', 'ann', 'eve', 'ben']);
      expect(await sorted('lastActivity', 'desc')).toEqual(['ann', 'dee', 'cy', 'eve', 'ben']);
      expect(await sorted('lastActivity', 'asc')).toEqual(['eve', 'ben', 'cy', 'dee', 'ann']);
      expect(await sorted('createdAt', 'asc')).toEqual(['ann', 'ben', 'cy', 'dee', 'eve']);
    });

    it('searches e-mails case-insensitively by any part, and counts only the matches', async () => {
      const page = await users(`search=${encodeURIComponent(`ADMIN.${adminTag.toUpperCase()}`)}`);
      expect(order(page)).toEqual(['admin']);
      expect(page.total).toBe(1);
      expect(await users('search=nobody-matches-this')).toMatchObject({ users: [], total: 0 });
      // A % or _ is an ordinary character, not a pattern.
      expect((await users('search=%25')).total).toBe(0);
    });

    it('pages without overlap or gaps, and still counts past the last page', async () => {
      const first = await users(`search=${tag}&limit=25&offset=0&sort=credits`);
      const second = await users(`search=${tag}&limit=25&offset=3&sort=credits`);
      expect(order(first).slice(3)).toEqual(order(second));
      expect(await users(`search=${tag}&limit=25&offset=100`)).toMatchObject({ users: [], total: 5 });
    });

    it('answers 400 naming what is wrong with a page request', async () => {
      for (const [query, message] of [
        ['sort=email', 'sort must be one of: createdAt, credits, totalLookups, successRate, lastActivity.'],
        ['direction=up', 'direction must be asc or desc.'],
        ['limit=7', 'limit must be one of: 25, 50, 100, 200.'],
        ['offset=-1', 'offset must be a whole number, 0 or more.'],
        ['search=a&search=b', 'search must be given once.'],
      ]) {
        const res = await call(app.baseUrl, `/api/auth/admin/users?${query}`, { token });
        expect([res.status, (res.body as { error: string }).error], query).toEqual([400, message]);
      }
    });

    it('lists the connected users configuration by page, searchable, newest first', async () => {
      const get = async (query: string) => {
        const res = await call(app.baseUrl, `/api/auth/admin/user-configurations?${query}`, { token });
        expect(res.status).toBe(200);
        return res.body as ConfigurationsAnswer;
      };
      const all = await get(`search=${tag}`);
      expect(all.user_details.map((u) => [u.email, u.config_status, u.connected_portals])).toEqual([
        [email('dee'), 'none', 1],
        [email('cy'), 'contact_only', 1],
        [email('ann'), 'none', 1],
      ]);
      expect(all.total).toBe(3);
      expect(await get(`search=${tag}&limit=25&offset=2`)).toMatchObject({
        total: 3,
        user_details: [{ email: email('ann') }],
      });
      expect(await get('search=CY.')).toMatchObject({ total: 1 });
    });

    it('carries the first page of each table in the consolidated dashboard', async () => {
      const res = await call(app.baseUrl, '/api/auth/admin/dashboard-consolidated', { token });
      const d = res.body as DashboardAnswer;
      expect(d.userOverview.map((u) => u.email)).toEqual((await users('')).users.map((u) => u.email));
      expect(d.systemStats.totalUsers).toBe(6);
      expect(d.propertyConfigurationReport.total_users_with_connections).toBe(3);
    });
  });
}
