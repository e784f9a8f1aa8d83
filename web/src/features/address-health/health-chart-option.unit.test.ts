import { describe, expect, it } from 'vitest';
import { SAMPLE_COUNTS as counts } from './sample-counts';
import { healthChartOption } from './health-chart-option';
import { healthSummary } from './health-view';

type Bar = { value: number; itemStyle: { color: string } };

describe("a health check's chart", () => {
  it('draws one bar per class, empty ones included, in the classifier’s order from the top', () => {
    const option = healthChartOption(counts, false);
    const yAxis = option.yAxis as { data: string[] };
    const [series] = option.series as { data: Bar[] }[];
    // echarts puts the first category at the bottom.
    expect(yAxis.data).toEqual([
      'Consistent',
      'Several counties',
      'Wrong county',
      'Wrong state',
      'Wrong city',
      'Unknown ZIP',
      'Invalid ZIP',
      'No ZIP',
    ]);
    expect(series!.data.map((b) => b.value)).toEqual([12, 5, 1, 3, 2, 0, 1, 4]);
  });

  it('writes each bar’s count on it with thousands separated, the axis left bare', () => {
    const option = healthChartOption({ ...counts, consistent: 55_426 }, false);
    const [series] = option.series as { label: { formatter: (p: { value: number }) => string } }[];
    expect(series!.label.formatter({ value: 55_426 })).toBe('55,426');
    expect((option.xAxis as { axisLabel: { show: boolean } }).axisLabel.show).toBe(false);
  });

  it('colours the classes to fix apart from the informative ones, in light and dark mode', () => {
    const colours = (dark: boolean) =>
      (healthChartOption(counts, dark).series as { data: Bar[] }[])[0]!.data.map((b) => b.itemStyle.color);
    expect(colours(false)).toEqual(['#2e7d32', '#2e7d32', ...Array<string>(6).fill('#c62828')]);
    expect(colours(true)).toEqual(['#4ade80', '#4ade80', ...Array<string>(6).fill('#f87171')]);
  });

  it('says the same numbers in words for screen readers', () => {
    expect(healthSummary(counts)).toBe(
      'No ZIP: 4, Invalid ZIP: 1, Unknown ZIP: 0, Wrong city: 2, Wrong state: 3, Wrong county: 1, Several counties: 5, Consistent: 12',
    );
  });
});
