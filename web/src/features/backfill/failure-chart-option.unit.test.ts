import { describe, expect, it } from 'vitest';
import { failureChartOption, failureSummary } from './failure-chart-option';

describe("a backfill job's failures chart", () => {
  it('draws one bar per reason with readable names, the most frequent on top', () => {
    const option = failureChartOption({ invalid_zip_format: 1, zip_not_found: 3, already_filled: 0 }, false);
    const yAxis = option.yAxis as { data: string[] };
    const [series] = option.series as { data: number[] }[];
    // echarts puts the first category at the bottom.
    expect(yAxis.data).toEqual(['Invalid Zip Format', 'Zip Not Found']);
    expect(series!.data).toEqual([1, 3]);
  });

  it('says the same numbers in words for screen readers', () => {
    expect(failureSummary({ invalid_zip_format: 1, zip_not_found: 3 })).toBe(
      'Zip Not Found: 3, Invalid Zip Format: 1',
    );
  });

  it('keeps its contrast in dark mode', () => {
    expect(failureChartOption({ zip_not_found: 1 }, true).color).toEqual(['#f87171']);
  });
});
