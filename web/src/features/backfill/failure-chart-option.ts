import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import { reasonBreakdown } from '../../lib/failure-reasons';

export type FailureChartOption = ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption
>;

/** Colours that keep their contrast on the page's light and dark backgrounds (styles.css). */
const palette = {
  light: { bar: '#c62828', text: '#5a6678', line: '#dde3ec', tooltip: '#ffffff', tooltipText: '#17202e' },
  dark: { bar: '#f87171', text: '#9aa6b8', line: '#2a3544', tooltip: '#18202c', tooltipText: '#e6ebf2' },
};

/** Pixels per bar: the chart grows with the reasons so each label keeps its line. */
export const BAR_HEIGHT = 32;

/** "Zip Not Found: 3, Invalid Zip Format: 1": the chart's numbers for whoever cannot see it. */
export function failureSummary(reasons: Partial<Record<string, number>>): string {
  return reasonBreakdown(reasons)
    .map(({ label, count }) => `${label}: ${count}`)
    .join(', ');
}

/** One horizontal bar per failure reason, the most frequent on top, whole-number steps. */
export function failureChartOption(
  reasons: Partial<Record<string, number>>,
  dark: boolean,
): FailureChartOption {
  const colours = dark ? palette.dark : palette.light;
  // echarts draws the first category at the bottom: reverse, so the largest reads first.
  const rows = reasonBreakdown(reasons).reverse();
  return {
    color: [colours.bar],
    grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      backgroundColor: colours.tooltip,
      borderColor: colours.line,
      textStyle: { color: colours.tooltipText },
    },
    xAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: colours.text },
      splitLine: { lineStyle: { color: colours.line } },
    },
    yAxis: {
      type: 'category',
      data: rows.map((r) => r.label),
      axisLabel: { color: colours.text },
      axisLine: { lineStyle: { color: colours.line } },
    },
    series: [
      {
        name: 'Failures',
        type: 'bar',
        data: rows.map((r) => r.count),
        barMaxWidth: 18,
        label: { show: true, position: 'right', color: colours.text },
      },
    ],
  };
}
