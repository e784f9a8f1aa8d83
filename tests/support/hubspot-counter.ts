import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the sandbox CRM's api-usage answers for a portal. */
export interface SandboxPortalUsage {
  requests: number;
  refused: number;
  mostIn10s: number;
}

/** One call that reached HubSpot: when (ms since the epoch) and its bearer token (none for OAuth calls). */
export interface HubSpotCall {
  at: number;
  token: string | undefined;
}

/**
 * An HTTP relay that stands where HubSpot's API is (HUBSPOT_API_BASE) and forwards every call to
 * the sandbox CRM behind it, noting when each arrived and with which access token: a test learns
 * the portals' tokens from it to ask the sandbox what each portal received.
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
   * What the sandbox CRM counted for each portal whose token passed here (GET
   * /sandbox/hubspot/api-usage with that token): its requests, the refused ones, and the most in
   * any 10 s, counted in the database over every process serving the sandbox.
   */
  async usageByPortal(): Promise<Map<string, SandboxPortalUsage>> {
    const usage = new Map<string, SandboxPortalUsage>();
    for (const token of new Set(this.calls.flatMap((c) => (c.token ? [c.token] : [])))) {
      const res = await fetch(`${this.target}/sandbox/hubspot/api-usage`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok) throw new Error(`The sandbox's api-usage answered ${res.status}`);
      const answer = (await res.json()) as SandboxPortalUsage & { portalId: string };
      usage.set(String(answer.portalId), answer);
    }
    return usage;
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
