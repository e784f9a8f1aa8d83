import { describe, expect, it } from 'vitest';
import {
  backgroundPace,
  HUBSPOT_RATE_LIMIT,
  HUBSPOT_SEARCH_LIMIT,
  MOST_LATE_MS,
  PORTAL_WINDOW,
  SEARCH_SPACING_MS,
  trySlot,
  type PortalBook,
  type SlotCall,
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
 * a pseudo-random time up to MOST_LATE_MS after its slot (the worst: the earliest of each `burst`
 * on time, later ones late, so they bunch). Answers when HubSpot receives each call, ascending.
 */
function greedyMinute(
  call: SlotCall,
  burst: number = HUBSPOT_RATE_LIMIT.requests,
): { slots: number[]; received: number[] } {
  let book: PortalBook = { slots: [], liveWaiting: [], lastSearch: 0 };
  const slots: number[] = [];
  for (let now = 0; now < 60_000;) {
    const { attempt, book: after } = trySlot(book, now, PORTAL_WINDOW, call);
    book = after;
    if (attempt.taken) slots.push(now);
    else now += attempt.waitMs;
  }
  let seed = 7;
  const lateness = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * MOST_LATE_MS;
  const received = slots.map((at, i) => at + (i % burst < burst / 2 ? lateness() : 0)).sort((a, b) => a - b);
  return { slots, received };
}

const live: SlotCall = { priority: 'live', search: false };
const background: SlotCall = { priority: 'background', search: false };

describe("the portal's HubSpot budget", () => {
  it('lets HubSpot receive at most 110 calls in any rolling 10 s though each may arrive up to MOST_LATE_MS after its slot', () => {
    for (const call of [live, background]) {
      const { received } = greedyMinute(call);
      expect(busiest(received, HUBSPOT_RATE_LIMIT.windowMs)).toBeLessThanOrEqual(HUBSPOT_RATE_LIMIT.requests);
    }
    // However late they come: slots taken in any 10 s plus the lateness are at most 110.
    const { slots } = greedyMinute(background);
    expect(busiest(slots, HUBSPOT_RATE_LIMIT.windowMs + MOST_LATE_MS)).toBeLessThanOrEqual(
      HUBSPOT_RATE_LIMIT.requests,
    );
  });

  it('gives a portal calling without pause more than 105 of the 110 calls HubSpot allows per 10 s', () => {
    const { slots } = greedyMinute(background);
    expect((slots.length / 60_000) * HUBSPOT_RATE_LIMIT.windowMs).toBeGreaterThan(105);
  });

  it('keeps an unused slot for later: a portal idle for a window may send 110 live calls at once', () => {
    let book: PortalBook = { slots: [], liveWaiting: [], lastSearch: 0 };
    let taken = 0;
    for (let i = 0; i < 120; i++) {
      const tried = trySlot(book, 20_000, PORTAL_WINDOW, live);
      book = tried.book;
      if (tried.attempt.taken) taken++;
    }
    expect(taken).toBe(HUBSPOT_RATE_LIMIT.requests);
  });

  it('spreads background calls over the window, and keeps slots free so that a live lookup arriving meanwhile goes out at once', () => {
    const pace = backgroundPace(PORTAL_WINDOW);
    const { slots } = greedyMinute(background);
    // (A hair under the pace's window: slot times are sums of floating-point waits.)
    expect(busiest(slots, pace.durationSeconds * 1000 - 0.001)).toBeLessThanOrEqual(pace.points);
    const kept = PORTAL_WINDOW.keptForLive!;
    expect(busiest(slots, PORTAL_WINDOW.durationSeconds * 1000)).toBe(PORTAL_WINDOW.points - kept);
    // Live calls at any moment of a background call's minute: as many as are kept go out at once.
    for (const now of [20_001, 27_345, 33_333, 41_010, 55_555]) {
      let book: PortalBook = { slots: slots.filter((at) => at < now), liveWaiting: [], lastSearch: 0 };
      for (let i = 0; i < kept; i++) {
        const tried = trySlot(book, now, PORTAL_WINDOW, live);
        expect(tried.attempt.taken).toBe(true);
        book = tried.book;
      }
    }
  });

  it('lets a job make up the slots its own pauses left: pausing up to 150 ms between calls, it still gets more than 104 a window (99 at the average pace)', () => {
    let book: PortalBook = { slots: [], liveWaiting: [], lastSearch: 0 };
    let seed = 11;
    const pause = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 150;
    let taken = 0;
    for (let now = 0; now < 60_000;) {
      const tried = trySlot(book, now, PORTAL_WINDOW, background);
      book = tried.book;
      if (tried.attempt.taken) {
        taken++;
        now += pause();
      } else now += tried.attempt.waitMs;
    }
    expect((taken / 60_000) * HUBSPOT_RATE_LIMIT.windowMs).toBeGreaterThan(104);
  });

  it('lets HubSpot receive at most 5 searches of a portal in any second though each may arrive up to MOST_LATE_MS after its slot', () => {
    const searches = { priority: 'background', search: true } as const;
    const { slots, received } = greedyMinute(searches, HUBSPOT_SEARCH_LIMIT.requests + 1);
    expect(busiest(received, HUBSPOT_SEARCH_LIMIT.windowMs)).toBeLessThanOrEqual(
      HUBSPOT_SEARCH_LIMIT.requests,
    );
    expect(busiest(slots, HUBSPOT_SEARCH_LIMIT.windowMs + MOST_LATE_MS)).toBeLessThanOrEqual(
      HUBSPOT_SEARCH_LIMIT.requests,
    );
    // As many as the spacing allows: a page of 200 records four times a second.
    expect(slots.length).toBeGreaterThanOrEqual(60_000 / SEARCH_SPACING_MS - 1);
  });

  it('takes no turn from the searches for other calls: a batch update right after a search goes out at once', () => {
    const search = trySlot({ slots: [], liveWaiting: [], lastSearch: 0 }, 1_000, PORTAL_WINDOW, {
      priority: 'background',
      search: true,
    });
    expect(search.attempt.taken).toBe(true);
    expect(trySlot(search.book, 1_001, PORTAL_WINDOW, live).attempt.taken).toBe(true);
    expect(trySlot(search.book, 1_001, PORTAL_WINDOW, { priority: 'live', search: true }).attempt).toEqual({
      taken: false,
      waitMs: SEARCH_SPACING_MS - 1,
    });
  });

  it('leaves a live lookup that found the window full the next free slot, before background calls', () => {
    const window = { points: 2, durationSeconds: 1 };
    let book: PortalBook = { slots: [0, 10], liveWaiting: [], lastSearch: 0 };
    const waiting = trySlot(book, 100, window, live);
    expect(waiting.attempt).toEqual({ taken: false, waitMs: 900 });
    book = waiting.book;
    // The first slot leaves the window at 1,000 ms: a background call from any process waits.
    expect(trySlot(book, 1_001, window, background).attempt.taken).toBe(false);
    expect(trySlot(book, 1_001, window, live).attempt.taken).toBe(true);
  });
});
