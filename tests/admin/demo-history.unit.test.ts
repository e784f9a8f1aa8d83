import { describe, expect, it } from 'vitest';
import { accountStream } from '../../domain/accounts/decider';
import { creditsStream } from '../../domain/credits/decider';
import { userHistory, type HistoryPart, type UserPlan } from '../../scripts/seed/generate';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const plan = (over: Partial<UserPlan> = {}): UserPlan => ({
  seed: 42,
  index: 0,
  lookups: 5_000,
  now: NOW,
  historyDays: 180,
  logLinesPerLookup: 0.25,
  ...over,
});
/** What a history decides, without the ids each run draws anew. */
const shape = (parts: HistoryPart[]) =>
  parts.map((p) => ({
    stream: p.stream.split('-')[0],
    types: p.events.map((e) => e.type),
    lookups: p.lookups,
    logLines: p.logLines.length,
  }));

describe("a demo user's history", () => {
  it('comes in parts of at most the part size (and the events of one lookup), the account first', () => {
    const parts = [...userHistory(plan(), 500)];
    const userId = (parts[0]!.events[0]!.data as { userId: string }).userId;
    expect(parts[0]!.stream).toBe(accountStream(userId));
    const credits = parts.filter((p) => p.stream === creditsStream(userId));
    expect(credits.length).toBeGreaterThanOrEqual(10000 / 500);
    for (const part of credits) expect(part.events.length).toBeLessThan(500 + 4);
    expect(parts.reduce((n, p) => n + p.lookups, 0)).toBe(5_000);
  });

  it('writes fewer log lines than lookups when asked for fewer', () => {
    const lines = [...userHistory(plan(), 500)].reduce((n, p) => n + p.logLines.length, 0);
    expect(lines).toBeGreaterThan(5_000 * 0.25 * 0.8);
    expect(lines).toBeLessThan(5_000 * 0.25 * 1.2);
  });

  it('is the same for the same seed and user, whatever else was generated before', () => {
    const first = shape([...userHistory(plan({ index: 3 }), 500)]);
    expect([...userHistory(plan({ index: 2 }), 500)].length).toBeGreaterThan(1);
    expect(shape([...userHistory(plan({ index: 3 }), 500)])).toEqual(first);
    expect(shape([...userHistory(plan({ index: 4 }), 500)])).not.toEqual(first);
  });
});
