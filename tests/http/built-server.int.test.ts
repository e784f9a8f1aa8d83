import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALL_DIR } from '../../api/install-dir';
import { buildServer } from '../../scripts/build-server';
import { startCommand } from '../../scripts/start-command';
import { startService, type ServiceProcess } from '../support/server-process';

// Inside api/dist (ignored by git), so the build finds web/dist and the ZIP table as npm start's does.
const outdir = join(INSTALL_DIR, 'api', 'dist', `test-${process.pid}`);

describe('the built server, as npm start and the image run it', () => {
  let service: ServiceProcess;
  beforeAll(async () => {
    await buildServer(outdir);
    service = await startService({}, [...startCommand().flags, join(outdir, 'main.js')]);
  }, 120_000);
  afterAll(async () => {
    await service?.stop();
    rmSync(outdir, { recursive: true, force: true });
  });

  it('runs with node alone on an empty data folder (its ZIP table loads at start)', async () => {
    const health = await fetch(`${service.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ stores: { events: 'pglite', readModels: 'pglite' } });
  });

  it('serves the web app', async () => {
    const page = await fetch(`${service.baseUrl}/login`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');
  });

  it('is what the image runs: its CMD is npm start’s command, node flags included, and its ENV sets what npm start sets', () => {
    const dockerfile = readFileSync(join(INSTALL_DIR, 'Dockerfile'), 'utf8');
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    const { env, flags, script } = startCommand();
    expect(cmd).toEqual(['node', ...flags, script]);
    const imageEnv = Object.fromEntries(
      [...dockerfile.matchAll(/^\s*(?:ENV\s+)?([A-Z_][A-Z0-9_]*)=(\S+?)\s*\\?$/gm)].map((m) => [m[1], m[2]]),
    );
    expect(Object.keys(env).length).toBeGreaterThan(0);
    expect(imageEnv).toMatchObject(env);
  });

  it('stops cleanly on SIGTERM, as under an init process', async () => {
    expect(await service.stop()).toEqual({ code: 0, signal: null });
  });
});
