import { describe, expect, it } from 'vitest';
import { HUBSPOT_RATE_LIMIT, MOST_LATE_MS, PORTAL_WINDOW } from './limiter';

const windowMs = PORTAL_WINDOW.durationSeconds * 1000;

describe("the portal's HubSpot budget", () => {
  it('lets HubSpot receive at most 110 calls in any 10 s though each may arrive up to MOST_LATE_MS after its slot', () => {
    // Slots of the calls received in 10 s were taken within 10 s plus the lateness.
    const windowsTouched = Math.ceil((HUBSPOT_RATE_LIMIT.windowMs + MOST_LATE_MS) / windowMs) + 1;
    expect(windowsTouched * PORTAL_WINDOW.points).toBeLessThanOrEqual(HUBSPOT_RATE_LIMIT.requests);
  });

  it('takes at least 100 of the 110 calls HubSpot allows per 10 s', () => {
    const per10s = (PORTAL_WINDOW.points * HUBSPOT_RATE_LIMIT.windowMs) / windowMs;
    expect(per10s).toBeGreaterThanOrEqual(100);
  });
});
