import { describe, expect, it } from 'vitest';
import { ratePerSecond, recentPages, secondsLeft } from './progress';

const now = Date.parse('2026-11-24T10:10:00.000Z');
const ago = (seconds: number) => now - seconds * 1000;

describe('a backfill’s rate and time left', () => {
  it('is the records of the last minute over the minute', () => {
    const pages = [
      { at: ago(90), records: 200 },
      { at: ago(50), records: 200 },
      { at: ago(10), records: 100 },
    ];
    expect(ratePerSecond(pages, ago(600), now, true)).toBe(5);
  });

  it('counts only the time the job has been running when it started or resumed within the minute', () => {
    expect(ratePerSecond([{ at: ago(5), records: 100 }], ago(20), now, true)).toBe(5);
  });

  it('is 0 while the job is not running', () => {
    expect(ratePerSecond([{ at: ago(5), records: 100 }], ago(20), now, false)).toBe(0);
  });

  it('gives the seconds left for the records not done yet at that rate', () => {
    expect(secondsLeft(1000, 400, 5)).toBe(120);
    expect(secondsLeft(1000, 1200, 5)).toBe(0);
  });

  it('has no time left to tell without a rate', () => {
    expect(secondsLeft(1000, 400, 0)).toBeNull();
  });

  it('keeps only the pages of the last minute', () => {
    expect(
      recentPages(
        [
          { at: ago(61), records: 1 },
          { at: ago(59), records: 2 },
        ],
        now,
      ),
    ).toEqual([{ at: ago(59), records: 2 }]);
  });
});
