import { afterAll, expect } from 'vitest';
import { NUMBERED_API_PATH } from '../../api/adapters/hubspot/api-version';

/*
 * vitest setup file: every fetch a suite's process makes is watched, and a suite fails if any
 * call went to one of HubSpot's numbered APIs (`/<api>/v<n>/…`), which HubSpot retires
 * in 2027: the product must call only the date-based API (api/adapters/hubspot/api-version.ts).
 * A test that means to knock on a retired path (to see the sandbox answer as HubSpot would) calls
 * `callRetiredApi`, which is not counted.
 */
interface Watch {
  original: typeof fetch;
  numbered: string[];
}
const KEY = Symbol.for('zipfill.retiredHubSpotApis');
const state = globalThis as unknown as Record<symbol, Watch | undefined>;

/** The path as HubSpot would see it: the sandbox serves HubSpot's API under /sandbox/hubspot. */
export function isNumberedHubSpotPath(pathname: string): boolean {
  return NUMBERED_API_PATH.test(pathname.replace(/^\/sandbox\/hubspot(?=\/)/, ''));
}

function watch(): Watch {
  const existing = state[KEY];
  if (existing) return existing;
  const w: Watch = { original: globalThis.fetch, numbered: [] };
  state[KEY] = w;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    try {
      const { pathname } = new URL(url);
      if (isNumberedHubSpotPath(pathname)) w.numbered.push(`${init?.method ?? 'GET'} ${pathname}`);
    } catch {
      // not an absolute URL: fetch itself will refuse it
    }
    return w.original(input, init);
  };
  return w;
}

/** A call to a numbered HubSpot path on purpose (a test of the retired API's answer). */
export function callRetiredApi(url: string, init?: RequestInit): Promise<Response> {
  return watch().original(url, init);
}

const watched = watch();
afterAll(() => {
  // A worker runs several files in turn: each answers for its own calls.
  const numbered = watched.numbered.splice(0);
  expect(numbered, 'HubSpot calls on a retired, numbered API version').toEqual([]);
});
