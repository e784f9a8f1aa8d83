import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfigAnswer } from '@api/config/contract';
import { makeStore } from '../../app/store';
import { publicConfigApi } from '../public-config';
import { sessionApi } from './api';
import { signedIn, signedOut } from './slice';

/** What the browser sent the server: method, path and whether a bearer token went with it. */
interface Sent {
  method: string;
  path: string;
  bearer: boolean;
}

function browserStandIn(hubspotStandIn: boolean) {
  const sent: Sent[] = [];
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  // The page's relative URLs, resolved as the browser would against the page's origin.
  vi.stubGlobal(
    'Request',
    class extends Request {
      constructor(input: string, init?: RequestInit) {
        super(new URL(input, 'https://zipfill.test'), init);
      }
    },
  );
  vi.stubGlobal('fetch', (request: Request) => {
    const path = new URL(request.url).pathname;
    sent.push({ method: request.method, path, bearer: request.headers.has('authorization') });
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (path === '/api/config/public')
      return Promise.resolve(json({ standIns: { hubspot: hubspotStandIn } } as PublicConfigAnswer));
    if (path === '/api/auth/is-admin') return Promise.resolve(json({ isAdmin: true }));
    return Promise.resolve(new Response(null, { status: 204 }));
  });
  return { sent, stored };
}

async function signedInStore() {
  const store = makeStore();
  store.dispatch(
    signedIn({ token: 'tok-previous', user: { id: 'u1', email: 'previous@example.com', credits: 50 } }),
  );
  await store.dispatch(publicConfigApi.endpoints.publicConfig.initiate());
  await store.dispatch(sessionApi.endpoints.isAdmin.initiate('tok-previous'));
  return store;
}

describe('signing out of the web app', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it("forgets every cached answer and the stored session, so the next user never sees the previous user's data", async () => {
    const { stored } = browserStandIn(true);
    const store = await signedInStore();
    expect(Object.keys(store.getState().api.queries)).not.toEqual([]);
    expect(stored.get('token')).toBe('tok-previous');

    store.dispatch(signedOut());

    expect(store.getState().api.queries).toEqual({});
    expect(stored.has('token')).toBe(false);
    expect(stored.has('user')).toBe(false);
  });

  it("expires the sandbox CRM's pass cookie, asking without a token (the session may have ended already)", async () => {
    const { sent } = browserStandIn(true);
    const store = await signedInStore();

    store.dispatch(signedOut());

    await vi.waitFor(() =>
      expect(sent).toContainEqual({ method: 'DELETE', path: '/api/auth/sandbox-crm-pass', bearer: false }),
    );
  });

  it('asks nothing about a sandbox pass of a service that talks to the real HubSpot', async () => {
    const { sent } = browserStandIn(false);
    const store = await signedInStore();

    store.dispatch(signedOut());
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(sent.map((s) => s.path)).not.toContain('/api/auth/sandbox-crm-pass');
  });
});
