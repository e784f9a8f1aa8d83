import { describe, expect, it } from 'vitest';
import { defaultRange, rangeProblem, withFrom, withTo } from './date-range';

describe('the usage chart date range', () => {
  it('defaults to the last 30 days ending today', () => {
    expect(defaultRange('2026-03-15')).toEqual({ from: '2026-02-14', to: '2026-03-15' });
  });

  it('never starts before 2025-06-05, even by default', () => {
    expect(defaultRange('2025-06-20')).toEqual({ from: '2025-06-05', to: '2025-06-20' });
    expect(withFrom({ from: '2025-06-10', to: '2025-07-01' }, '2025-01-01', '2025-09-15')).toEqual({
      from: '2025-06-05',
      to: '2025-07-01',
    });
  });

  it('keeps a From after To as typed and says the range is backwards', () => {
    const range = { from: '2025-08-01', to: '2025-08-31' };
    const backwards = withFrom(range, '2025-09-10', '2025-12-01');
    expect(backwards).toEqual({ from: '2025-09-10', to: '2025-08-31' });
    expect(rangeProblem(backwards)).toBe(
      'The range is backwards: From (2025-09-10) is after To (2025-08-31). Choose a From date on or before the To date.',
    );
    expect(rangeProblem(withTo(range, '2025-07-01', '2025-12-01'))).toMatch(/^The range is backwards/);
  });

  it('finds nothing wrong with a range of one day or more', () => {
    expect(rangeProblem({ from: '2025-08-01', to: '2025-08-01' })).toBeUndefined();
    expect(rangeProblem({ from: '2025-08-01', to: '2025-08-31' })).toBeUndefined();
  });

  it('never ends after today', () => {
    expect(withTo({ from: '2025-08-01', to: '2025-08-31' }, '2026-01-01', '2025-09-15')).toEqual({
      from: '2025-08-01',
      to: '2025-09-15',
    });
  });

  it('keeps the previous date when a field is cleared', () => {
    const range = { from: '2025-08-01', to: '2025-08-31' };
    expect(withFrom(range, '', '2025-09-15')).toBe(range);
    expect(withTo(range, '', '2025-09-15')).toBe(range);
  });
});
