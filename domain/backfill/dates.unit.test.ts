import { describe, expect, it } from 'vitest';
import { changedSinceProblem } from './dates';

const TODAY = '2026-11-26';

describe('a backfill changed-since day', () => {
  it('may be any real day from 1970-01-01 to today', () => {
    for (const day of ['1970-01-01', '2024-02-29', TODAY])
      expect(changedSinceProblem(day, TODAY)).toBeUndefined();
  });

  it('is refused before 1970 or after today, naming the field and the range', () => {
    for (const day of ['1969-12-31', '1900-01-01', '0000-01-01', '2026-11-27', '9999-12-31'])
      expect(changedSinceProblem(day, TODAY)).toBe(
        'changedSince must be a day from 1970-01-01 to today (2026-11-26).',
      );
  });

  it('is refused when it is no real day', () => {
    for (const day of ['2026-02-30', '2026-13-01', 'NaN', '+275760-09-13', ''])
      expect(changedSinceProblem(day, TODAY)).toBe('changedSince must be a day written YYYY-MM-DD.');
  });
});
