import { describe, expect, it } from 'vitest';
import type { DailyUsage } from '@api/lookups/contract';
import { everyDay, rangeTotals } from './daily-usage';

const day = (date: string, successful: number, failed: number, reasons = {}): DailyUsage => ({
  date,
  successful_lookups: successful,
  failed_lookups: failed,
  nothing_to_update: 0,
  failure_reasons: reasons,
  successful_by_source: successful > 0 ? { webhook: successful } : {},
  refused_values: {},
});

describe('the daily usage series', () => {
  it('shows every day of the range, quiet days as zero', () => {
    const days = everyDay([day('2025-07-02', 3, 1, { zip_not_found: 1 })], '2025-07-01', '2025-07-04');
    expect(days.map((d) => [d.date, d.successful_lookups, d.failed_lookups])).toEqual([
      ['2025-07-01', 0, 0],
      ['2025-07-02', 3, 1],
      ['2025-07-03', 0, 0],
      ['2025-07-04', 0, 0],
    ]);
    expect(days[1]?.failure_reasons).toEqual({ zip_not_found: 1 });
  });

  it('crosses month and year ends', () => {
    expect(everyDay([], '2025-12-30', '2026-01-02').map((d) => d.date)).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
  });

  it('adds up the successful and failed lookups of the range', () => {
    expect(rangeTotals([day('2025-07-01', 2, 0), day('2025-07-02', 5, 3)])).toEqual({
      successful: 7,
      failed: 3,
    });
  });
});
