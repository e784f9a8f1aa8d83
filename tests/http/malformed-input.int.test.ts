import { request as httpRequest, Agent } from 'node:http';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Express } from 'express';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshEmail, signUp, startApp, TEST_PASSWORD, type RunningApp } from '../support/app';
import { workflowActionSignatureHeaders } from '../../api/portals/signature';
import { WORKFLOW_ACTION_PATH } from '../../api/workflow/definition';
import { behaviourBackends } from '../support/databases';
import { connectionsOf, connectSandboxPortal } from '../support/sandbox-hubspot';
import { execution } from '../support/workflow-action';

/** One route as the Express router holds it. */
interface Route {
  method: string;
  path: string;
}

interface RouterLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
}

/**
 * Every route the app serves, read from its router: a route added tomorrow is fuzzed without
 * anyone listing it here. The web app's catch-all (a pattern, not a path) stands as one page.
 */
function routesOf(app: Express): Route[] {
  // The router's stack is Express's own structure; its types do not describe it.
  const stack = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
  return stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods).map((method) => ({
          method: method.toUpperCase(),
          path: typeof layer.route!.path === 'string' ? layer.route!.path : '/some/page',
        }))
      : [],
  );
}

/**
 * The query parameters routes are known to read. Each is given to every route to see whether it
 * reads it (queryNamesRead), and every malformed value then goes to each route under each name
 * it reads, these and any other it was seen to read.
 */
const QUERY_NAMES = [
  'search',
  'limit',
  'offset',
  'sort',
  'direction',
  'period',
  'level',
  'startDate',
  'endDate',
  'userId',
  'requestId',
  'sourceFile',
  'lookupOnly',
  'groupByRequest',
  'code',
  'state',
  'error',
  'portalId',
  'notice',
  'saved',
  'edit',
  'n',
  'client_id',
  'redirect_uri',
  'scope',
  'session_id',
];

/** Raw, as they appear in the address: broken escapes, control characters, inherited keys. */
const MALFORMED_VALUES = [
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%00',
  '%0A%0D',
  '%7F',
  '__proto__',
  'constructor',
  'toString',
  'x'.repeat(5000),
  '-1',
  '1e999',
  '%F0%9F%92%A9',
  "'%3B--",
];

const BENIGN = '1';

interface Shape {
  name: string;
  headers: Record<string, string>;
  body: Buffer;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const nested = (depth: number) => Buffer.from('['.repeat(depth) + ']'.repeat(depth));
const FIELDS = ['email', 'password', 'token', 'threshold', 'packageId', 'paymentType', 'message', 'zip'];

/** Bodies that each broke, or could break, a body parser or a validator. */
const BODY_SHAPES: Shape[] = [
  {
    name: 'a form with 1,001 fields',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: Buffer.from(Array.from({ length: 1001 }, (_, i) => `f${i}=1`).join('&')),
  },
  {
    name: 'gzip that is not gzip',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    body: Buffer.from('{"email":"a@b.c"}'),
  },
  {
    name: 'deflate that is not deflate',
    headers: { 'content-type': 'application/json', 'content-encoding': 'deflate' },
    body: Buffer.from('not deflate at all'),
  },
  {
    name: 'br that is not br',
    headers: { 'content-type': 'application/json', 'content-encoding': 'br' },
    body: Buffer.from('not brotli'),
  },
  {
    name: 'truncated gzip',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    body: gzipSync('{"email":"a@b.c","password":"xxxxxxxxxxxx"}').subarray(0, 20),
  },
  {
    name: 'an unknown content encoding',
    headers: { 'content-type': 'application/json', 'content-encoding': 'x-zip' },
    body: json({}),
  },
  {
    name: 'a charset other than UTF-8',
    headers: { 'content-type': 'application/json; charset=latin1' },
    body: json({}),
  },
  { name: 'JSON cut short', headers: { 'content-type': 'application/json' }, body: Buffer.from('{"a":') },
  { name: 'a JSON string', headers: { 'content-type': 'application/json' }, body: Buffer.from('"x"') },
  { name: 'JSON null', headers: { 'content-type': 'application/json' }, body: Buffer.from('null') },
  { name: 'a JSON array', headers: { 'content-type': 'application/json' }, body: json([1, 'a']) },
  { name: 'deeply nested JSON', headers: { 'content-type': 'application/json' }, body: nested(40_000) },
  {
    name: 'NUL in every field',
    headers: { 'content-type': 'application/json' },
    body: json(Object.fromEntries(FIELDS.map((f) => [f, `a\u0000b`]))),
  },
  {
    name: 'inherited keys as fields',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'),
  },
  {
    name: 'every field of the wrong type',
    headers: { 'content-type': 'application/json' },
    body: json(Object.fromEntries(FIELDS.map((f, i) => [f, [{ $gt: '' }, 1e308, true, null][i % 4]]))),
  },
  {
    name: 'NUL in a form',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: Buffer.from('portalId=%00&type=contacts&zip=%00&client_id=%00'),
  },
  {
    name: 'a body over the limit',
    headers: { 'content-type': 'application/json' },
    body: json({ message: 'x'.repeat(200_000) }),
  },
  {
    name: 'multipart nobody parses',
    headers: { 'content-type': 'multipart/form-data; boundary=zz' },
    body: Buffer.from('--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--zz--'),
  },
];

interface Answer {
  status: number;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** A raw request: node's client sends any bytes and any header, unlike fetch. */
function send(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseUrl}${path}`,
      {
        method,
        agent,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The route's address with each parameter given `value` in turn (the others a benign one). */
function withParams(path: string, value: string): string[] {
  const params = path.match(/:[A-Za-z]+/g) ?? [];
  return params.map((param) => path.replace(/:[A-Za-z]+/g, (p) => (p === param ? value : BENIGN)));
}

const fill = (path: string) => path.replace(/:[A-Za-z]+/g, BENIGN);

interface Tally {
  sent: number;
  serverErrors: string[];
}

async function inBatches<T>(items: T[], size: number, each: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(each));
}

// Once, on PostgreSQL when a server is configured: the NUL defects were PostgreSQL's refusals.
const backend = behaviourBackends.at(-1)!;

describe(`malformed input against every route on ${backend.name}`, () => {
  let app: RunningApp;
  let routes: Route[];
  const admin = { email: freshEmail('admin'), token: '' };
  const tally: Tally = { sent: 0, serverErrors: [] };

  /** The fuzz runs signed in as an admin, so every route reaches its input handling. */
  const signedIn = () => ({ authorization: `Bearer ${admin.token}` });

  /** Signs in again when the session has ended (a fuzzed POST /api/auth/logout ends it). */
  async function renewedSession(): Promise<boolean> {
    const { status } = await call(app.baseUrl, '/api/auth/is-admin', { token: admin.token });
    if (status !== 401) return false;
    const login = await call(app.baseUrl, '/api/auth/login', {
      body: { email: admin.email, password: TEST_PASSWORD },
    });
    admin.token = (login.body as { token: string }).token;
    return true;
  }

  /**
   * Sends one malformed request as the signed-in admin; a 401 because an earlier request signed
   * the admin out is sent again with a new session, so every request reaches its route's handling.
   */
  async function fuzz(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) {
    let answer = await send(app.baseUrl, method, path, { ...signedIn(), ...headers }, body);
    if (answer.status === 401 && (await renewedSession()))
      answer = await send(app.baseUrl, method, path, { ...signedIn(), ...headers }, body);
    tally.sent += 1;
    if (answer.status >= 500) tally.serverErrors.push(`${method} ${path.slice(0, 120)} → ${answer.status}`);
  }

  beforeAll(async () => {
    app = await startApp(backend, { ADMIN_EMAILS: admin.email });
    admin.token = (await signUp(app.baseUrl, admin.email)).token;
    routes = routesOf(app.system.app);
  });
  afterAll(async () => {
    agent.destroy();
    await app?.close();
    console.info(
      `Malformed-input fuzz: ${tally.sent} requests over ${routes.length} routes, ${tally.serverErrors.length} answered 5xx`,
    );
  });

  it('finds the routes from the router itself, the API, the stand-ins and the web app', () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    expect(paths).toContain('GET /api/logs/admin/logs/stats');
    expect(paths).toContain('POST /sandbox/hubspot/records');
    expect(paths).toContain('POST /api/stripe/webhook');
    expect(paths).toContain('GET /some/page');
    expect(routes.length).toBeGreaterThan(50);
  });

  it('answers no broken percent-encoding, control character or inherited key in a path parameter with a 5xx', async () => {
    const cases = routes.flatMap((r) =>
      MALFORMED_VALUES.flatMap((v) => withParams(r.path, v).map((p) => ({ ...r, p }))),
    );
    expect(cases.length).toBeGreaterThan(100);
    for (const group of groupByRoute(cases)) await inBatches(group, 8, (c) => fuzz(c.method, c.p));
    expect(tally.serverErrors).toEqual([]);
  }, 300_000);

  it('answers no malformed query value, on any route, with a 5xx', async () => {
    const names = await queryNamesRead(app, routes, (route, query) =>
      fuzz(route.method, `${fill(route.path)}?${query}`),
    );
    // Every name on one address no route serves: the query parser and the middleware every
    // request passes read each name there as they do on every route.
    const cases = [{ method: 'GET', path: '/api/no-such-route', names: new Set(QUERY_NAMES) }, ...names];
    const reading = names.filter((r) => r.names.size > 0);
    console.info(
      `Query names read: ${reading.map((r) => `${r.method} ${r.path} [${[...r.names].join(' ')}]`).join('; ')}`,
    );
    expect(reading.length).toBeGreaterThan(5);
    for (const route of cases) {
      const addresses = [...route.names].flatMap((name) => [
        ...MALFORMED_VALUES.map((v) => `${fill(route.path)}?${name}=${v}`),
        `${fill(route.path)}?${name}=a&${name}=b`,
        `${fill(route.path)}?${name}[x]=1`,
      ]);
      await inBatches(addresses, 8, (path) => fuzz(route.method, path));
    }
    expect(tally.serverErrors).toEqual([]);
  }, 600_000);

  it('answers no malformed body, on any route, with a 5xx', async () => {
    for (const route of routes) {
      // GET and HEAD carry a body too when someone sends one; the parsers run all the same.
      await inBatches(BODY_SHAPES, 6, (shape) =>
        fuzz(route.method, fill(route.path), shape.headers, shape.body),
      );
    }
    expect(tally.serverErrors).toEqual([]);
  }, 300_000);

  it('answers no arbitrary text in a path parameter or a query value with a 5xx', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        text,
        fc.constantFrom(...QUERY_NAMES),
        text,
        async (route, inPath, name, inQuery) => {
          const path = route.path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(inPath) || BENIGN);
          await fuzz(route.method, `${path}?${name}=${encodeURIComponent(inQuery)}`);
        },
      ),
      { seed: 20261124, numRuns: 1000 },
    );
    expect(tally.serverErrors).toEqual([]);
  }, 300_000);

  it("answers the backfill and workflow bodies' date and number fields at their edges with a 4xx naming the field", async () => {
    await renewedSession();
    const headers = signedIn();
    await connectSandboxPortal(app.baseUrl, admin.token);
    const [portal] = await connectionsOf(app.baseUrl, admin.token);
    // Mapped, so that a day that passed the edge would reach HubSpot's search.
    const mapping = { city: 'city', state: 'state', county: '', country: 'country' };
    const saved = await call(app.baseUrl, `/api/hubspot/save-portal-config/${portal!.portal_id}`, {
      token: admin.token,
      body: { contact: { ...mapping, updateTimezone: false }, company: mapping },
    });
    expect(saved.status).toBe(200);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const days: unknown[] = [
      '1969-12-31',
      '1900-01-01',
      '9999-12-31',
      tomorrow,
      'NaN',
      '2026-02-30',
      '+275760-09-13',
    ];
    const numbers: unknown[] = [0, -1, 1e308, null, true];
    for (const path of [
      `/api/hubspot/backfills/${portal!.portal_id}/dry-run`,
      `/api/hubspot/backfills/${portal!.portal_id}`,
    ])
      for (const changedSince of [...days, ...numbers]) {
        const body = json({ objectType: 'contact', scope: 'empty', changedSince });
        const answer = await send(
          app.baseUrl,
          'POST',
          path,
          { ...headers, 'content-type': 'application/json' },
          body,
        );
        expect({ path, changedSince, status: answer.status }).toEqual({ path, changedSince, status: 400 });
        expect((JSON.parse(answer.body) as { error: string }).error).toContain('changedSince');
      }

    const edges: unknown[] = [-1, 1.5, 1e308, 2 ** 64, 'NaN', ''];
    const secret = app.system.hubspot.clientSecret;
    const action = async (body: unknown) => {
      const text = JSON.stringify(body);
      const signed = workflowActionSignatureHeaders(secret, {
        method: 'POST',
        uri: `${app.baseUrl}${WORKFLOW_ACTION_PATH}`,
        body: text,
        timestamp: String(Date.now()),
      });
      return send(
        app.baseUrl,
        'POST',
        WORKFLOW_ACTION_PATH,
        { 'content-type': 'application/json', ...signed },
        Buffer.from(text),
      );
    };
    for (const value of edges)
      for (const [field, body] of [
        ['portalId', execution(portal!.portal_id, 1, {}, { origin: { portalId: value as number } })],
        [
          'objectId',
          execution(
            portal!.portal_id,
            1,
            {},
            { object: { objectId: value as number, objectType: 'CONTACT' } },
          ),
        ],
        ['zip', execution(portal!.portal_id, 1, { zip: value })],
      ] as const) {
        const answer = await action(body);
        expect({ field, value, status: answer.status }).toEqual({
          field,
          value,
          status: answer.status < 500 ? answer.status : 'a 5xx',
        });
        if (answer.status === 400)
          expect((JSON.parse(answer.body) as { error: string }).error).toContain(field);
      }
  });

  it('answers a request line over 16 kB with a JSON 431, not a bare status line', async () => {
    const url = new URL(app.baseUrl);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(`GET /api/health?q=${'x'.repeat(17 * 1024)} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(head).toContain('Content-Type: application/json; charset=utf-8');
    expect(JSON.parse(body!)).toEqual({
      error: 'The request line and headers are too large: together they must stay under 16 kB.',
    });
  });

  it('answers each defect found by hand with a 4xx whose JSON error names the problem', async () => {
    await renewedSession();
    const headers = signedIn();
    const shape = (name: string) => BODY_SHAPES.find((s) => s.name === name)!;
    const refusals: [string, string, Shape | undefined, number, string][] = [
      [
        'POST',
        '/api/auth/login',
        shape('a form with 1,001 fields'),
        413,
        'The form has too many fields: send at most 1,000.',
      ],
      [
        'POST',
        '/api/auth/login',
        shape('gzip that is not gzip'),
        400,
        'The request body is not valid gzip data.',
      ],
      [
        'GET',
        '/api/auth/partners/%ZZ',
        undefined,
        400,
        'The address has a broken percent-encoding (a % not followed by two hex digits).',
      ],
      [
        'GET',
        '/api/hubspot/portal-config/%E0%A4%A',
        undefined,
        400,
        'The address has a broken percent-encoding (a % not followed by two hex digits).',
      ],
      [
        'GET',
        '/api/auth/unsubscribe-credits/%',
        undefined,
        400,
        'The address has a broken percent-encoding (a % not followed by two hex digits).',
      ],
      [
        'GET',
        '/api/auth/admin/users?search=%00',
        undefined,
        400,
        'search must not contain control characters.',
      ],
      [
        'GET',
        '/api/logs/admin/logs?sourceFile=%00',
        undefined,
        400,
        'sourceFile must not contain control characters.',
      ],
      [
        'GET',
        '/sandbox/stripe/checkout/%00',
        undefined,
        400,
        'The address must not contain control characters.',
      ],
      [
        'POST',
        '/api/auth/login',
        shape('NUL in every field'),
        400,
        'email must not contain control characters.',
      ],
      [
        'GET',
        '/api/logs/admin/logs/stats?period=__proto__',
        undefined,
        400,
        'period must be one of: 1h, 24h, 7d, 30d.',
      ],
      [
        'GET',
        '/api/logs/admin/logs/stats?period=constructor',
        undefined,
        400,
        'period must be one of: 1h, 24h, 7d, 30d.',
      ],
    ];
    for (const [method, path, body, status, error] of refusals) {
      const answer = await send(app.baseUrl, method, path, { ...headers, ...body?.headers }, body?.body);
      expect({ path, status: answer.status, body: JSON.parse(answer.body) as unknown }).toEqual({
        path,
        status,
        body: { error },
      });
    }
  });
});

const PROBE = 'malformed_input_probe';

/**
 * The query names each route's own code reads, seen through the app's query parser (Express
 * parses the query again at each read of req.query): every route is asked twice, with no name
 * and with every name at a benign value, and a name counts as read when the route looks it up
 * more often than an address no route serves does (the middleware every request passes reads
 * the whole query). A route that lists the query's names (a schema, Object.keys) reads them all.
 * A name read only after another name holds some particular value is not found: the random
 * test below still sends any name to any route.
 */
async function queryNamesRead(
  app: RunningApp,
  routes: Route[],
  ask: (route: Route, query: string) => Promise<void>,
): Promise<(Route & { names: Set<string> })[]> {
  const express = app.system.app;
  const parse = express.get('query parser fn') as (text: string) => Record<string, unknown>;
  const seen = new Map<string, { gets: Map<string, number>; listings: number }>();
  express.set('query parser fn', (text: string) => {
    const parsed = parse(text);
    const probe = new URLSearchParams(text).get(PROBE);
    if (probe === null) return parsed;
    const tally = seen.get(probe) ?? { gets: new Map<string, number>(), listings: 0 };
    seen.set(probe, tally);
    return new Proxy(parsed, {
      get(target, key, receiver) {
        if (typeof key === 'string') tally.gets.set(key, (tally.gets.get(key) ?? 0) + 1);
        return Reflect.get(target, key, receiver) as unknown;
      },
      ownKeys(target) {
        tally.listings += 1;
        return Reflect.ownKeys(target);
      },
    });
  });
  const every = QUERY_NAMES.map((n) => `${n}=${BENIGN}`).join('&');
  const probed = async (route: Route, id: string, query: string) => {
    await ask(route, `${query}${query ? '&' : ''}${PROBE}=${id}`);
    return seen.get(id) ?? { gets: new Map<string, number>(), listings: 0 };
  };
  try {
    const nowhere = { method: 'GET', path: '/api/no-such-route' };
    const base = [await probed(nowhere, 'base-0', ''), await probed(nowhere, 'base-1', every)];
    const answer: (Route & { names: Set<string> })[] = [];
    for (const [index, route] of routes.entries()) {
      const names = new Set<string>();
      for (const [at, query] of ['', every].entries()) {
        const { gets, listings } = await probed(route, `${index}-${at}`, query);
        const baseline = base[at]!;
        if (listings > baseline.listings) QUERY_NAMES.forEach((n) => names.add(n));
        for (const [name, count] of gets)
          if (name !== PROBE && count > (baseline.gets.get(name) ?? 0)) names.add(name);
      }
      answer.push({ ...route, names });
    }
    return answer;
  } finally {
    express.set('query parser fn', parse);
  }
}

function groupByRoute<T extends Route>(cases: T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const c of cases) {
    const key = `${c.method} ${c.path}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()];
}
