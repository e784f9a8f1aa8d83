import { describe, expect, it } from 'vitest';
import { usageRange } from './usage-dates';

const now = new Date('2026-11-24T15:00:00.000Z');

describe('the usage chart date range', () => {
  it('accepts a range of UTC dates up to tomorrow', () => {
    expect(usageRange('2026-11-01', '2026-11-25', now)).toEqual({
      ok: true,
      startDate: '2026-11-01',
      endDate: '2026-11-25',
    });
  });

  it('defaults to the last 30 days ending today', () => {
    expect(usageRange(undefined, undefined, now)).toEqual({
      ok: true,
      startDate: '2026-10-26',
      endDate: '2026-11-24',
    });
  });

  it('clamps the default window to the first usage date', () => {
    expect(usageRange(undefined, '2025-06-10', now)).toMatchObject({ startDate: '2025-06-05' });
  });

  it('refuses dates not written YYYY-MM-DD or that do not exist', () => {
    for (const bad of ['2026-1-01', '01/11/2026', '2026-02-30', ['2026-11-01']])
      expect(usageRange(bad, '2026-11-20', now)).toEqual({
        ok: false,
        message: 'startDate must be a date written YYYY-MM-DD.',
      });
  });

  it('refuses a start after the end, before 2025-06-05, or an end after tomorrow', () => {
    expect(usageRange('2026-11-10', '2026-11-01', now)).toMatchObject({
      message: 'startDate must not be after endDate.',
    });
    expect(usageRange('2025-06-04', '2026-11-01', now)).toMatchObject({
      message: 'startDate must be 2025-06-05 or later.',
    });
    expect(usageRange('2026-11-01', '2026-11-26', now)).toMatchObject({
      message: 'endDate must be 2026-11-25 or earlier.',
    });
  });
});
