import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call that reached HubSpot: when (ms since the epoch) and its bearer token (none for OAuth calls). */
export interface HubSpotCall {
  at: number;
  token: string | undefined;
}

/**
 * An HTTP relay that stands where HubSpot's API is (HUBSPOT_API_BASE) and forwards every call to
 * the sandbox CRM behind it, noting when each arrived and with which access token, so a test can
 * count the calls each portal received from every process of a fleet together.
 */
export class HubSpotCallCounter {
  readonly calls: HubSpotCall[] = [];
  private server: Server | undefined;
  url = '';
  /** Where the calls go on to (the sandbox CRM's origin); set before the first call. */
  target = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const target = new URL(this.target);
      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      this.calls.push({ at: Date.now(), token });
      const upstream = request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  /**
   * The calls each portal received, by portal id: tokens are told apart by HubSpot's own
   * access-token information call, which names the portal (hub_id) a token belongs to.
   */
  async callsByPortal(): Promise<Map<string, number[]>> {
    const portalOf = new Map<string, string>();
    for (const token of new Set(this.calls.flatMap((c) => (c.token ? [c.token] : [])))) {
      const info = await fetch(`${this.target}/sandbox/hubspot/oauth/v1/access-tokens/${token}`);
      if (info.ok) portalOf.set(token, String(((await info.json()) as { hub_id: number }).hub_id));
      else throw new Error(`HubSpot knows no token ${token}: ${info.status}`);
    }
    const byPortal = new Map<string, number[]>();
    for (const call of this.calls) {
      const portal = call.token && portalOf.get(call.token);
      if (portal) byPortal.set(portal, [...(byPortal.get(portal) ?? []), call.at]);
    }
    return byPortal;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }
}

/** The most calls any `windowMs` span held, by arrival time. */
export function busiestWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= windowMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}
