import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthAnswer, ReadinessAnswer } from '../../api/health/contract';
import { answerWhileStarting } from '../../api/health/starting';
import { startApp, type RunningApp } from '../support/app';
import { pgliteBackend, postgresBackendAt, testDatabaseUrl } from '../support/databases';
import { TcpProxy } from '../support/tcp-proxy';

const get = async <T>(url: string) => {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as T };
};

describe('health while the service starts', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer(answerWhileStarting);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('is alive but not ready while migrations run, and refuses other requests with 503 and Retry-After', async () => {
    expect(await get(`${base}/api/health/live`)).toEqual({ status: 200, body: { live: true } });
    const ready = await get<ReadinessAnswer>(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ ready: false, reason: expect.stringMatching(/migrated/) });
    expect(await get<HealthAnswer>(`${base}/api/health`)).toMatchObject({
      status: 503,
      body: { status: 'starting', live: true, ready: false },
    });
    const other = await fetch(`${base}/api/auth/me`);
    expect(other.status).toBe(503);
    expect(other.headers.get('retry-after')).toBe('5');
  });
});

describe('health of a running process', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp(pgliteBackend);
  });
  afterAll(() => app?.close());

  it('is live and ready, keeps the stores and projections, and names the singletons this process runs', async () => {
    expect(await get(`${app.baseUrl}/api/health/live`)).toEqual({ status: 200, body: { live: true } });
    expect(await get(`${app.baseUrl}/api/health/ready`)).toEqual({ status: 200, body: { ready: true } });
    await app.system.runner.settled();
    await expect
      .poll(async () => (await get<HealthAnswer>(`${app.baseUrl}/api/health`)).body.singletons, {
        timeout: 20_000,
      })
      .toEqual(
        expect.arrayContaining([
          'lookup-processor',
          'reactor:credit-notices',
          'log-purge',
          `projections:${app.system.runner
            .status()
            .map((p) => p.name)
            .join(',')}`,
        ]),
      );
    const { status, body } = await get<HealthAnswer>(`${app.baseUrl}/api/health`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', live: true, ready: true, stores: { readModels: 'pglite' } });
    expect(body.projections!.length).toBeGreaterThan(0);
    // One reader feeds every projection, so one lock names them all.
    expect(body.singletons).toContain(`projections:${body.projections!.map((p) => p.name).join(',')}`);
  });
});

describe.runIf(testDatabaseUrl)('health when the database goes away', () => {
  it('stays live but is not ready while PostgreSQL cannot be reached, and ready again once it can', async () => {
    const target = new URL(testDatabaseUrl!);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.start();
    const viaProxy = new URL(testDatabaseUrl!);
    viaProxy.port = String(port);
    const app = await startApp(postgresBackendAt(() => viaProxy.toString()));
    try {
      expect((await get(`${app.baseUrl}/api/health/ready`)).status).toBe(200);
      await proxy.cut();
      const ready = await get<ReadinessAnswer>(`${app.baseUrl}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(ready.body.reason).toMatch(/database is unreachable/);
      expect((await get(`${app.baseUrl}/api/health/live`)).status).toBe(200);
      const health = await get<HealthAnswer>(`${app.baseUrl}/api/health`);
      expect(health).toMatchObject({ status: 503, body: { ready: false, live: true } });
      await proxy.restore();
      await expect
        .poll(async () => (await fetch(`${app.baseUrl}/api/health/ready`)).status, { timeout: 15_000 })
        .toBe(200);
    } finally {
      await app.close();
      await proxy.cut();
    }
  }, 90_000);
});
