import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_BURST,
  HUBSPOT_RATE_LIMIT,
  MOST_LATE_MS,
  PORTAL_WINDOW,
  trySlot,
  type PortalBook,
} from './limiter';

/** The most calls in any `windowMs` of ascending times. */
function busiest(times: readonly number[], windowMs: number): number {
  let most = 0;
  for (let first = 0, last = 0; last < times.length; last++) {
    while (times[last]! - times[first]! >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/**
 * A minute of calls asking for slots as fast as the budget gives them, each call reaching HubSpot
 * a pseudo-random time up to MOST_LATE_MS after its slot (the worst: the earliest ones on time,
 * later ones late, so they bunch). Answers when HubSpot receives each call, ascending.
 */
function greedyMinute(priority: 'live' | 'background'): { slots: number[]; received: number[] } {
  let book: PortalBook = { slots: [], liveWaiting: [] };
  const slots: number[] = [];
  for (let now = 0; now < 60_000;) {
    const { attempt, book: after } = trySlot(book, now, PORTAL_WINDOW, priority);
    book = after;
    if (attempt.taken) slots.push(now);
    else now += attempt.waitMs;
  }
  let seed = 7;
  const lateness = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * MOST_LATE_MS;
  const received = slots.map((at, i) => at + (i % 110 < 55 ? 0 : lateness())).sort((a, b) => a - b);
  return { slots, received };
}

describe("the portal's HubSpot budget", () => {
  it('lets HubSpot receive at most 110 calls in any rolling 10 s though each may arrive up to MOST_LATE_MS after its slot', () => {
    for (const priority of ['live', 'background'] as const) {
      const { received } = greedyMinute(priority);
      expect(busiest(received, HUBSPOT_RATE_LIMIT.windowMs)).toBeLessThanOrEqual(HUBSPOT_RATE_LIMIT.requests);
    }
    // However late they come: slots taken in any 10 s plus the lateness are at most 110.
    const { slots } = greedyMinute('background');
    expect(busiest(slots, HUBSPOT_RATE_LIMIT.windowMs + MOST_LATE_MS)).toBeLessThanOrEqual(
      HUBSPOT_RATE_LIMIT.requests,
    );
  });

  it('gives a portal calling without pause more than 100 of the 110 calls HubSpot allows per 10 s', () => {
    const { slots } = greedyMinute('background');
    expect((slots.length / 60_000) * HUBSPOT_RATE_LIMIT.windowMs).toBeGreaterThan(100);
  });

  it('keeps an unused slot for later: a portal idle for 10.8 s may send 110 live calls at once', () => {
    let book: PortalBook = { slots: [], liveWaiting: [] };
    let taken = 0;
    for (let i = 0; i < 120; i++) {
      const tried = trySlot(book, 20_000, PORTAL_WINDOW, 'live');
      book = tried.book;
      if (tried.attempt.taken) taken++;
    }
    expect(taken).toBe(HUBSPOT_RATE_LIMIT.requests);
  });

  it('spreads background calls over the window, so that a live lookup finding it full waits about a slot, not a burst', () => {
    const spacing = (PORTAL_WINDOW.durationSeconds * 1000) / PORTAL_WINDOW.points;
    const { slots } = greedyMinute('background');
    // (A hair under the pace's window: slot times are sums of floating-point waits.)
    expect(busiest(slots, spacing * BACKGROUND_BURST - 0.001)).toBeLessThanOrEqual(BACKGROUND_BURST);
    // A live call at any moment of a background call's minute: the window is full, and it waits
    // only until the oldest of the spread slots leaves it.
    const waits = [20_001, 27_345, 33_333, 41_010, 55_555].map((now) => {
      const book: PortalBook = { slots: slots.filter((at) => at < now), liveWaiting: [] };
      const { attempt } = trySlot(book, now, PORTAL_WINDOW, 'live');
      return attempt.taken ? 0 : attempt.waitMs;
    });
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(spacing * BACKGROUND_BURST);
  });

  it('leaves a live lookup that found the window full the next free slot, before background calls', () => {
    const window = { points: 2, durationSeconds: 1 };
    let book: PortalBook = { slots: [0, 10], liveWaiting: [] };
    const live = trySlot(book, 100, window, 'live');
    expect(live.attempt).toEqual({ taken: false, waitMs: 900 });
    book = live.book;
    // The first slot leaves the window at 1,000 ms: a background call from any process waits.
    expect(trySlot(book, 1_001, window, 'background').attempt.taken).toBe(false);
    expect(trySlot(book, 1_001, window, 'live').attempt.taken).toBe(true);
  });
});
