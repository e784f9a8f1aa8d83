import { sleep } from './http';

export interface RateLimit {
  requests: number;
  windowMs: number;
}

/** HubSpot's limit for OAuth apps: 110 requests per rolling 10 seconds per installing portal. */
export const HUBSPOT_RATE_LIMIT: RateLimit = { requests: 110, windowMs: 10_000 };

/**
 * A rolling-window limiter per portal, in this process. Callers queue in arrival order and
 * each takes a slot only when fewer than `requests` were sent in the last `windowMs`.
 */
export class PortalRateLimiter {
  private readonly sent = new Map<string, number[]>();
  private readonly queues = new Map<string, Promise<void>>();

  constructor(private readonly limit: RateLimit = HUBSPOT_RATE_LIMIT) {}

  acquire(portalId: string): Promise<void> {
    const previous = this.queues.get(portalId) ?? Promise.resolve();
    const turn = previous.then(() => this.take(portalId));
    this.queues.set(portalId, turn);
    void turn.finally(() => {
      if (this.queues.get(portalId) === turn) this.queues.delete(portalId);
    });
    return turn;
  }

  private async take(portalId: string): Promise<void> {
    for (;;) {
      const now = Date.now();
      const times = (this.sent.get(portalId) ?? []).filter((t) => t > now - this.limit.windowMs);
      if (times.length < this.limit.requests) {
        times.push(now);
        this.sent.set(portalId, times);
        return;
      }
      this.sent.set(portalId, times);
      await sleep(times[0]! + this.limit.windowMs - now + 1);
    }
  }
}
