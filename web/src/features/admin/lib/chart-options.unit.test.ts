import { describe, expect, it } from 'vitest';
import { barChartOption, chartColours, shortDate, shortRangeLabel, usageTrendOption } from './chart-options';

describe('admin charts', () => {
  it('label credit ranges short enough that neighbours never run together', () => {
    expect(
      ['0', '1-10', '11-50', '51-100', '101-500', '501-1000', '1001-5000', '5000+'].map(shortRangeLabel),
    ).toEqual(['0', '1–10', '11–50', '51–100', '101–500', '501–1k', '1k–5k', '5k+']);
    expect(shortRangeLabel('2500-7500')).toBe('2.5k–7.5k');
    expect(shortRangeLabel('Unknown')).toBe('Unknown');
  });

  it('show dates on the axis as month and day', () => {
    expect(shortDate('2026-11-22')).toBe('Nov 22');
    expect(shortDate('not a date')).toBe('not a date');
  });

  it('put the usage trend legend above the plot, clear of the date labels', () => {
    const option = usageTrendOption([{ date: '2026-11-02', successful_count: 3, failed_count: 1 }], false);
    expect(option.legend).toMatchObject({ top: 0 });
    expect(option.grid).toMatchObject({ top: 44, containLabel: true });
  });

  it('draw gridlines in dark mode quieter than the axis labels', () => {
    const option = usageTrendOption([], true);
    expect(option.yAxis).toMatchObject({ splitLine: { lineStyle: { color: chartColours(true).grid } } });
    expect(chartColours(true).grid).not.toBe(chartColours(false).grid);
  });

  it('angle bar labels on a phone and keep every one of them', () => {
    const bars = [{ label: 'Highly Active', value: 3, colour: '#000' }];
    expect(barChartOption(bars, false, true).xAxis).toMatchObject({ axisLabel: { interval: 0, rotate: 35 } });
    expect(barChartOption(bars, false, false).xAxis).toMatchObject({ axisLabel: { interval: 0, rotate: 0 } });
  });
});
