import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { RateLimitPolicy } from '../../api/auth/rate-limit';
import { answerClientErrors } from '../../api/http/client-errors';
import { silentLogger, type Logger } from '../../api/logging/logger';
import { readSettings, type Settings } from '../../api/settings';
import { createSystem, type System, type SystemOverrides } from '../../api/system';
import { forSuite, type Backend, type TestDatabase } from './databases';
import { FAST_HASHING } from './fast-hashing';

/** Tests sign up many users from 127.0.0.1: per-IP limits that would get in their way are raised. */
export const GENEROUS_LIMITS: Partial<RateLimitPolicy> = {
  registerPerIp: { max: 100_000, windowMs: 60_000 },
  registerPerAddress: { max: 100, windowMs: 60_000 },
  loginFailuresPerIp: { max: 100_000, windowMs: 60_000 },
  forgotPerIp: { max: 100_000, windowMs: 60_000 },
  resetPerIp: { max: 100_000, windowMs: 60_000 },
  supportPerIp: { max: 100_000, windowMs: 60_000 },
};

export interface RunningApp {
  system: System;
  baseUrl: string;
  /** The test database; its `store` reads as the service does, with personal fields opened. */
  test: TestDatabase;
  /** The event store as it is stored: personal fields sealed, what a backup or an intruder would see. */
  rawStore: TestDatabase['store'];
  close(): Promise<void>;
}

/**
 * Starts the whole service on a test database and listens on 127.0.0.1 at a free port.
 * `env` is read as the environment would be (settings are validated the same way).
 */
export async function startApp(
  backend: Backend,
  env: Record<string, string> = {},
  overrides: Omit<SystemOverrides, 'database' | 'keepDatabaseOpen'> & {
    /** Where the service logs (silent unless a test reads its lines). */
    logger?: Logger;
  } = {},
  /** Answers a request itself instead of the service when it returns true (a 429 storm in front of the sandbox). */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean,
): Promise<RunningApp> {
  const test = await backend.open();
  // Listen first, so PUBLIC_URL can name the real address: the sandbox CRM calls back through it.
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const settings: Settings = readSettings({
    DATA_DIR: '/nonexistent',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...test.env,
    ...env,
  });
  let system: System;
  try {
    const { logger = silentLogger, ...rest } = overrides;
    system = await createSystem(settings, logger, {
      passwordHashing: FAST_HASHING,
      rateLimits: GENEROUS_LIMITS,
      ...rest,
      database: test.database,
      keepDatabaseOpen: true,
    });
  } catch (error) {
    server.close();
    await test.close();
    throw error;
  }
  server.on('request', (req, res) => {
    if (!intercept?.(req, res)) system.app(req, res);
  });
  answerClientErrors(server);
  return {
    system,
    baseUrl: `http://127.0.0.1:${port}`,
    test: { ...test, store: system.store },
    rawStore: test.store,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await system.close();
      await test.close();
    },
  };
}

/** A fresh address nobody has used, so tests can share one database. */
export const freshEmail = (prefix = 'user') => `${prefix}-${randomBytes(6).toString('hex')}@example.com`;

export const TEST_PASSWORD = 'correct horse battery staple';

export interface SignedUp {
  token: string;
  userId: string;
  email: string;
}

/** Registers through the real API and returns the session, as the web app would get it. */
export async function signUp(
  baseUrl: string,
  email = freshEmail(),
  password = TEST_PASSWORD,
): Promise<SignedUp> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 201) throw new Error(`Sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string; user: { id: string; email: string } };
  return { token: body.token, userId: body.user.id, email: body.user.email };
}

/** fetch with a bearer token and JSON in and out. */
export async function call(
  baseUrl: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (a page or an empty answer): the text is the body
  }
  return { status: response.status, body, headers: response.headers };
}

/**
 * The app with one signed-up admin (by ADMIN_EMAILS), started for the suite that calls it (its
 * views are what the suite looks at); `started` takes both for the suite's own variables.
 */
export function appWithAdminForSuite(
  backend: Backend,
  started: (value: { app: RunningApp; admin: string }) => void,
  timeoutMs?: number,
): void {
  forSuite(
    async () => {
      const adminEmail = freshEmail('admin');
      const app = await startApp(backend, { ADMIN_EMAILS: adminEmail });
      return { app, admin: (await signUp(app.baseUrl, adminEmail)).token, close: () => app.close() };
    },
    started,
    timeoutMs,
  );
}
