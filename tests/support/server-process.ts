import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCommand } from '../../scripts/start-command';
import { programArgs } from './child-programs';

export interface ServiceProcess {
  baseUrl: string;
  dataDir: string;
  /** Everything the process printed, for a failing test to show. */
  output(): string;
  /**
   * Stops the process with SIGTERM (SIGKILL after 10 s) and answers how it exited; the data
   * folder is removed unless `keepData` (then a later stop removes it).
   */
  stop(options?: { keepData?: boolean }): Promise<{ code: number | null; signal: string | null }>;
  /** Sends the signal (SIGKILL: no chance to clean up) and resolves once the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The environment of a service started at `baseUrl` on the embedded default (PGlite, whatever the
 * test run's own environment names), with what `npm start` sets before node, logging warnings
 * only; `env` comes last and wins.
 */
export function embeddedServiceEnv(baseUrl: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...startCommand().env,
    DATABASE_URL: '',
    EVENTSTORE_URL: '',
    PORT: new URL(baseUrl).port,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    ...env,
  };
}

/**
 * Starts the service in its own node process in a fresh data folder and resolves once
 * /api/health answers. By default it runs the run's bundle of the sources (tests/support/child-programs.ts),
 * so a test sees the code as it is now; `command` runs something else (the built server). The web app must
 * be built (npm install builds it).
 */
export async function startService(
  env: Record<string, string> = {},
  command: readonly string[] = programArgs('service'),
): Promise<ServiceProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'zipfill-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let printed = '';
  const child: ChildProcess = spawn(process.execPath, command, {
    env: embeddedServiceEnv(baseUrl, { DATA_DIR: dataDir, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (printed += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (printed += d.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The service exited at start:\n${printed}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`The service did not answer /api/health within 60 s:\n${printed}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    output: () => printed,
    async stop(options = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
      return exited;
    },
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
