/** One request this process sent to the sandbox CRM's HubSpot API, as HubSpot would receive it. */
export interface HubSpotCall {
  method: string;
  /** The path as HubSpot names it (without the sandbox's /sandbox/hubspot prefix). */
  path: string;
  /** The query string, '' when none. */
  query: string;
  contentType: string;
  body: string;
}

/**
 * Records the calls this process makes to the sandbox CRM's API (the service calls it through
 * fetch, in the test's process) until the answered function is called.
 */
export function watchHubSpotCalls(calls: HubSpotCall[]): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.pathname.startsWith('/sandbox/hubspot/'))
      calls.push({
        method: init?.method ?? 'GET',
        path: url.pathname.slice('/sandbox/hubspot'.length),
        query: url.search,
        contentType: new Headers(init?.headers).get('content-type') ?? '',
        body: typeof init?.body === 'string' ? init.body : '',
      });
    return original(input, init);
  };
  return () => {
    globalThis.fetch = original;
  };
}
