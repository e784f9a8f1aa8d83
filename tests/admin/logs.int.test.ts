import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../api/db/database';
import { migrateOperational, operationalDb } from '../../api/db/operational';
import { createLogger, type LogLine } from '../../api/logging/logger';
import { RequestLogWriter } from '../../api/logging/request-log-writer';
import { behaviourBackends, pgliteBackend, postgresBackend, testDatabaseUrl } from '../support/databases';
import { call, freshEmail, signUp, startApp, type RunningApp } from '../support/app';

const ADMIN_ENDPOINTS = [
  '/api/auth/admin/dashboard-consolidated',
  '/api/auth/admin/users/someone/credit-history',
  '/api/auth/admin/users',
  '/api/auth/admin/user-configurations',
  '/api/logs/admin/logs',
  '/api/logs/admin/logs/stats?period=1h',
  '/api/logs/admin/logs/request/abc',
  '/api/logs/admin/lookup-summaries',
];

type Page = {
  logs: {
    requestId: string | null;
    level: string;
    status?: string;
    stepCount?: number;
    duration?: number;
    message: string;
    metadata: Record<string, unknown>;
  }[];
  pagination: { total: number; hasMore: boolean };
  stats: { period: string };
};

for (const backend of behaviourBackends) {
  describe(`request logs on ${backend.name}`, () => {
    let app: RunningApp;
    let token: string;
    const adminEmail = freshEmail('admin');
    const tag = Math.random().toString(36).slice(2, 8);
    const rid = (n: string) => `${tag}-${n}`;
    // Within the 30-day retention: another app purging the shared database must not take these lines.
    const daysAgo = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    const [first, second] = [daysAgo(3), daysAgo(2)];

    beforeAll(async () => {
      app = await startApp(backend, { ADMIN_EMAILS: adminEmail });
      ({ token } = await signUp(app.baseUrl, adminEmail));
      const sink = app.system.requestLogs.sink;
      const line = (requestId: string, time: string, level: LogLine['level'], message: string, extra = {}) =>
        sink({
          time,
          level,
          message,
          requestId,
          lookup: true,
          sourceFile: `api/lookups/${tag}.ts`,
          ...extra,
        });
      // A lookup request with a warning then an error, one that went well, and one that only warned.
      line(rid('bad'), `${first}T10:00:00.000Z`, 'info', 'Lookup received', { userId: 'u1' });
      line(rid('bad'), `${first}T10:00:00.040Z`, 'warn', 'HubSpot slow', { userId: 'u1' });
      line(rid('bad'), `${first}T10:00:00.250Z`, 'error', 'HubSpot update failed', {
        userId: 'u1',
        userCreditsBefore: 10,
        userCreditsAfter: 10,
      });
      line(rid('good'), `${first}T11:00:00.000Z`, 'info', 'Lookup received', { userId: 'u2' });
      line(rid('good'), `${first}T11:00:00.100Z`, 'info', 'Fields filled', {
        userId: 'u2',
        userCreditsBefore: 5,
        userCreditsAfter: 4,
      });
      line(rid('meh'), `${second}T09:00:00.000Z`, 'warn', 'Retried once', { userId: 'u3' });
      await app.system.requestLogs.flush();
    });
    afterAll(async () => app?.close());

    it('answers 401 without a token and 403 to a non-admin on every admin endpoint', async () => {
      const user = await signUp(app.baseUrl);
      for (const path of ADMIN_ENDPOINTS) {
        expect((await call(app.baseUrl, path)).status, path).toBe(401);
        expect((await call(app.baseUrl, path, { token: user.token })).status, path).toBe(403);
      }
    });

    it('groups lines by request: error if any step errs, warning if any warns, else success', async () => {
      const res = await call(app.baseUrl, `/api/logs/admin/logs?sourceFile=${tag}`, { token });
      const page = res.body as Page;
      expect(page.logs.map((l) => [l.requestId, l.status, l.stepCount, l.duration])).toEqual([
        [rid('meh'), 'warning', 1, 0],
        [rid('good'), 'success', 2, 100],
        [rid('bad'), 'error', 3, 250],
      ]);
      expect(page.logs[1]!.metadata).toMatchObject({ userCreditsBefore: 5, userCreditsAfter: 4 });
      expect(page.pagination).toEqual({ total: 3, hasMore: false, limit: 50, offset: 0 });
      expect(page.stats.period).toBe('24h');
    });

    it('pages through requests with the same grouping when no text filter is given', async () => {
      const get = async (q: string) =>
        (
          await call(app.baseUrl, `/api/logs/admin/logs?startDate=${first}&endDate=${second}&${q}`, {
            token,
          })
        ).body as Page;
      const all = await get('');
      expect(all.logs.map((l) => [l.requestId, l.status, l.stepCount])).toEqual([
        [rid('meh'), 'warning', 1],
        [rid('good'), 'success', 2],
        [rid('bad'), 'error', 3],
      ]);
      expect(all.pagination).toEqual({ total: 3, hasMore: false, limit: 50, offset: 0 });
      expect((await get('level=error')).logs.map((l) => l.requestId)).toEqual([rid('bad')]);
      expect((await get('userId=u2')).logs.map((l) => l.requestId)).toEqual([rid('good')]);
      const day = await call(app.baseUrl, `/api/logs/admin/logs?startDate=${first}&endDate=${first}`, {
        token,
      });
      expect((day.body as Page).logs.map((l) => l.requestId)).toEqual([rid('good'), rid('bad')]);
    });

    it('filters by level, dates, user, request id and search, ungrouped when asked', async () => {
      const get = async (q: string) =>
        (
          (
            await call(app.baseUrl, `/api/logs/admin/logs?sourceFile=${tag}&groupByRequest=false&${q}`, {
              token,
            })
          ).body as Page
        ).logs.map((l) => l.message);
      expect(await get('level=warn')).toEqual(['Retried once', 'HubSpot slow']);
      expect(await get(`startDate=${first}&endDate=${first}&level=info`)).toEqual([
        'Fields filled',
        'Lookup received',
        'Lookup received',
      ]);
      expect(await get('userId=u2')).toEqual(['Fields filled', 'Lookup received']);
      expect(await get(`requestId=${rid('bad')}`)).toHaveLength(3);
      expect(await get('search=hubspot')).toEqual(['HubSpot update failed', 'HubSpot slow']);
      expect(await get('search=50%25')).toEqual([]);
    });

    it('pages with total and hasMore', async () => {
      const res = await call(
        app.baseUrl,
        `/api/logs/admin/logs?sourceFile=${tag}&groupByRequest=false&limit=25&offset=5`,
        {
          token,
        },
      );
      const page = res.body as Page;
      expect(page.logs).toHaveLength(1);
      expect(page.pagination).toMatchObject({ total: 6, hasMore: false });
    });

    it('shows only lookup lines by default, and every line with lookupOnly=false', async () => {
      const mine = async (q: string) =>
        (
          (await call(app.baseUrl, `/api/logs/admin/logs?groupByRequest=false&limit=200&${q}`, { token }))
            .body as Page
        ).logs;
      expect((await mine('')).every((l) => l.message !== 'GET /api/auth/is-admin 200')).toBe(true);
      await call(app.baseUrl, '/api/auth/is-admin', { token });
      await app.system.requestLogs.flush();
      expect((await mine('lookupOnly=false&search=is-admin')).length).toBeGreaterThan(0);
    });

    it('refuses a filter it cannot use with a message naming it', async () => {
      for (const [q, text] of [
        ['limit=30', 'limit must be one of: 25, 50, 100, 200.'],
        ['level=fatal', 'level must be one of: error, warn, info, debug.'],
        ['startDate=yesterday', 'startDate must be a date (YYYY-MM-DD) or an ISO date-time.'],
        ['lookupOnly=maybe', 'lookupOnly must be true or false.'],
      ]) {
        const res = await call(app.baseUrl, `/api/logs/admin/logs?${q}`, { token });
        expect(res, q).toMatchObject({ status: 400, body: { error: text } });
      }
      const stats = await call(app.baseUrl, '/api/logs/admin/logs/stats?period=2d', { token });
      expect(stats.status).toBe(400);
    });

    it("returns a request's timeline in order", async () => {
      const res = await call(app.baseUrl, `/api/logs/admin/logs/request/${rid('bad')}`, { token });
      expect((res.body as Page).logs.map((l) => l.level)).toEqual(['info', 'warn', 'error']);
    });

    it('logs every API request with its id, status, method, URL and user, and never a secret', async () => {
      const res = await call(app.baseUrl, '/api/auth/admin/ping?token=s3cret-query&x=1', {
        token,
        headers: { 'x-request-id': `${tag}-ping-request` },
      });
      expect(res.headers.get('x-request-id')).toBe(`${tag}-ping-request`);
      await call(app.baseUrl, '/api/auth/login', {
        body: { email: adminEmail, password: 'hunter2-password' },
      });
      await app.system.requestLogs.flush();
      const timeline = await call(app.baseUrl, `/api/logs/admin/logs/request/${tag}-ping-request`, { token });
      const [entry] = (timeline.body as { logs: (Page['logs'][number] & Record<string, unknown>)[] }).logs;
      expect(entry).toMatchObject({
        userEmail: adminEmail,
        ipAddress: '127.0.0.1',
        metadata: { statusCode: 200, method: 'GET', url: '/api/auth/admin/ping?token=[REDACTED]&x=1' },
      });
      const rows = await app.system.database.db
        .selectFrom('request_logs' as never)
        .selectAll()
        .execute();
      const all = JSON.stringify(rows);
      expect(all).not.toContain('s3cret-query');
      expect(all).not.toContain('hunter2-password');
      expect(all).not.toContain(token);
    });

    it("keeps the HubSpot OAuth callback's code and state out of the request log", async () => {
      await call(app.baseUrl, '/api/hubspot/oauth/callback?code=grant-code-4711&state=state-0815', {
        headers: { 'x-request-id': `${tag}-oauth-callback` },
      });
      await app.system.requestLogs.flush();
      const timeline = await call(app.baseUrl, `/api/logs/admin/logs/request/${tag}-oauth-callback`, {
        token,
      });
      const lines = (timeline.body as { logs: { metadata: Record<string, unknown> }[] }).logs;
      expect(lines.map((l) => l.metadata.url)).toContain(
        '/api/hubspot/oauth/callback?code=[REDACTED]&state=[REDACTED]',
      );
      const rows = JSON.stringify(
        await app.system.database.db
          .selectFrom('request_logs' as never)
          .selectAll()
          .execute(),
      );
      expect(rows).not.toContain('grant-code-4711');
      expect(rows).not.toContain('state-0815');
    });

    it('reports the lines it could not keep in the health check', async () => {
      const res = await call(app.baseUrl, '/api/health');
      expect((res.body as { requestLogs: { lost: number; written: number } }).requestLogs).toMatchObject({
        lost: 0,
      });
    });
  });
}

describe('the request log writer', () => {
  it('counts the lines it loses when the database refuses them, and never blocks the caller', async () => {
    const database = await openPglite(undefined);
    await migrateOperational(database);
    const writer = new RequestLogWriter(operationalDb(database), { capacity: 100, batchSize: 10 });
    await sql`DROP TABLE request_logs`.execute(database.db);
    const started = performance.now();
    for (let i = 0; i < 150; i++)
      writer.sink({ time: new Date().toISOString(), level: 'info', message: `line ${i}` });
    expect(performance.now() - started).toBeLessThan(200);
    while (writer.stats().queued > 0) await writer.flush();
    const stats = writer.stats();
    expect(stats.written).toBe(0);
    expect(stats.lost).toBe(150);
    expect(stats.droppedQueueFull).toBeGreaterThan(0);
    expect(stats.droppedDatabaseError).toBeGreaterThan(0);
    expect(stats.lastError).toContain('request_logs');
    await database.close();
  });

  it("judges a line's age by the service's own clock", async () => {
    const app = await startApp(pgliteBackend, {}, { now: () => new Date('2026-03-10T12:00:00Z') });
    app.system.requestLogs.sink({ time: '2026-03-09T12:00:00.000Z', level: 'info', message: 'a day old' });
    await app.system.requestLogs.flush();
    await app.system.requestLogs.purge();
    const kept = await operationalDb(app.system.database)
      .selectFrom('request_logs')
      .select('message')
      .where('message', '=', 'a day old')
      .execute();
    expect(kept).toHaveLength(1);
    await app.close();
  });

  it('purges lines older than the retention and keeps the rest', async () => {
    const database = await openPglite(undefined);
    await migrateOperational(database);
    const now = new Date('2026-03-10T12:00:00Z');
    const writer = new RequestLogWriter(operationalDb(database), { retentionDays: 30, now: () => now });
    for (const time of ['2026-02-08T11:59:00Z', '2026-02-08T12:01:00Z', '2026-03-10T11:00:00Z'])
      writer.sink({ time, level: 'info', message: time, statusCode: 200, responseTime: 5 });
    await writer.flush();
    expect(await writer.purge()).toBe(1);
    const left = await operationalDb(database)
      .selectFrom('request_logs')
      .select('message')
      .orderBy('timestamp')
      .execute();
    expect(left.map((l) => l.message)).toEqual(['2026-02-08T12:01:00Z', '2026-03-10T11:00:00Z']);
    await database.close();
  });

  it("counts each hour's requests, failures, response times, errors, warnings and users, batch after batch", async () => {
    const database = await openPglite(undefined);
    await migrateOperational(database);
    const writer = new RequestLogWriter(operationalDb(database), { batchSize: 1000 });
    const request = (time: string, userId: string, statusCode: number): LogLine => ({
      time,
      level: statusCode >= 500 ? 'error' : 'info',
      message: `GET /api/credits ${statusCode}`,
      userId,
      statusCode,
      responseTime: 10,
    });
    // One batch spanning three hours, then a second adding to two of them.
    for (const line of [
      request('2026-03-10T09:05:00Z', 'u1', 200),
      request('2026-03-10T09:55:00Z', 'u2', 500),
      request('2026-03-10T10:00:00Z', 'u1', 404),
      { time: '2026-03-10T11:30:00Z', level: 'warn' as const, message: 'HubSpot slow' },
    ])
      writer.sink(line);
    await writer.flush();
    writer.sink(request('2026-03-10T09:10:00Z', 'u3', 200));
    writer.sink(request('2026-03-10T10:20:00Z', 'u1', 200));
    await writer.flush();
    const db = operationalDb(database);
    const hours = await db
      .selectFrom('request_stats_hourly')
      .select(['hour', 'requests', 'failed_requests', 'response_time_total_ms', 'error_logs', 'warning_logs'])
      .orderBy('hour')
      .execute();
    expect(
      hours.map((h) => [
        new Date(h.hour).toISOString().slice(11, 13),
        ...[h.requests, h.failed_requests, h.response_time_total_ms, h.error_logs, h.warning_logs].map(
          Number,
        ),
      ]),
    ).toEqual([
      ['09', 3, 1, 30, 1, 0],
      ['10', 2, 1, 20, 0, 0],
      ['11', 0, 0, 0, 0, 1],
    ]);
    const users = await db.selectFrom('request_users_hourly').select(['hour', 'user_id']).execute();
    expect(users.map((u) => `${new Date(u.hour).toISOString().slice(11, 13)} ${u.user_id}`).sort()).toEqual([
      '09 u1',
      '09 u2',
      '09 u3',
      '10 u1',
    ]);
    await database.close();
  });

  it('keeps secrets out of stdout lines as well', () => {
    const lines: LogLine[] = [];
    const logger = createLogger('info', [(l) => lines.push(l)]);
    logger.info('signed in', {
      headers: { authorization: 'Bearer abc', Cookie: 'sid=1' },
      password: 'pw',
      newPassword: 'pw2',
      stripeSignature: 'sig',
      card: { number: '4242424242424242' },
      url: '/api/auth/unsubscribe-credits/tok123',
      originalUrl: '/api/hubspot/oauth/callback?code=grant-code&state=user-state',
      plain: 'kept',
    });
    expect(JSON.stringify(lines[0])).not.toMatch(/abc|sid=1|pw2?"|sig"|4242|tok123|grant-code|user-state/);
    expect(lines[0]).toMatchObject({
      plain: 'kept',
      url: '/api/auth/unsubscribe-credits/[REDACTED]',
      originalUrl: '/api/hubspot/oauth/callback?code=[REDACTED]&state=[REDACTED]',
    });
  });
});

describe.runIf(testDatabaseUrl)('request log writers of several processes on PostgreSQL', () => {
  it('add to the same hours at once without waiting on each other in a cycle, losing no line', async () => {
    const t = await postgresBackend.open();
    try {
      const hours = Array.from({ length: 6 }, (_, h) => `2026-03-10T0${h}:30:00.000Z`);
      const line = (time: string, userId: string): LogLine => ({
        time,
        level: 'info',
        message: 'GET /api/credits 200',
        requestId: randomUUID(),
        userId,
        statusCode: 200,
        responseTime: 5,
      });
      const writers = [0, 1].map(() => new RequestLogWriter(operationalDb(t.database), { batchSize: 1000 }));
      // One process's batch meets the hours (and users) in the opposite order to the other's.
      for (let round = 0; round < 5; round++) {
        for (const hour of hours) for (const user of ['u1', 'u2']) writers[0]!.sink(line(hour, user));
        for (const hour of [...hours].reverse())
          for (const user of ['u2', 'u1']) writers[1]!.sink(line(hour, user));
        await Promise.all(writers.map((w) => w.flush()));
      }
      expect(writers.map((w) => w.stats().lost)).toEqual([0, 0]);
      const counted = await operationalDb(t.database)
        .selectFrom('request_stats_hourly')
        .select(sql<string>`sum(requests)`.as('requests'))
        .executeTakeFirstOrThrow();
      expect(Number(counted.requests)).toBe(2 * 5 * hours.length * 2);
    } finally {
      await t.close();
    }
  });
});
