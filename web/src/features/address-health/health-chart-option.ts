import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { HealthCheckAnswer } from '@api/address-health/contract';
import { formatNumber } from '../../lib/plural';
import { classRows, isProblem } from './health-view';

export type HealthChartOption = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

/** Colours that keep their contrast on the page's light and dark backgrounds (styles.css). */
const palette = {
  light: {
    problem: '#c62828',
    fine: '#2e7d32',
    text: '#5a6678',
    line: '#dde3ec',
    tooltip: '#ffffff',
    tooltipText: '#17202e',
  },
  dark: {
    problem: '#f87171',
    fine: '#4ade80',
    text: '#9aa6b8',
    line: '#2a3544',
    tooltip: '#18202c',
    tooltipText: '#e6ebf2',
  },
};

/** Pixels per bar: one bar per class, each label on its own line. */
export const HEALTH_BAR_HEIGHT = 30;

/**
 * One horizontal bar per class in the classifier's order, from no ZIP at the top to consistent at
 * the bottom; classes that need fixing in red, the informative ones in green.
 */
export function healthChartOption(counts: HealthCheckAnswer['counts'], dark: boolean): HealthChartOption {
  const colours = dark ? palette.dark : palette.light;
  // echarts draws the first category at the bottom: reverse, so the list reads from the top.
  const rows = classRows(counts).reverse();
  return {
    grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
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
      // Each bar says its own count: the axis's figures would overlap at 360 px.
      axisLabel: { show: false },
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
        name: 'Records',
        type: 'bar',
        data: rows.map((r) => ({
          value: r.count,
          itemStyle: { color: isProblem(r.found) ? colours.problem : colours.fine },
        })),
        barMaxWidth: 18,
        label: {
          show: true,
          position: 'right',
          color: colours.text,
          formatter: ({ value }) => formatNumber(Number(value)),
        },
      },
    ],
  };
}
