import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';

export type BarChartOption = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

/** The chart's frame colours that keep their contrast on the page's light and dark backgrounds (styles.css). */
export const chartFrameColours = (dark: boolean) =>
  dark
    ? { text: '#9aa6b8', line: '#2a3544', tooltip: '#18202c', tooltipText: '#e6ebf2' }
    : { text: '#5a6678', line: '#dde3ec', tooltip: '#ffffff', tooltipText: '#17202e' };

/**
 * Everything of a horizontal bar chart but its series: one category a label, `labels` from the
 * top down (echarts draws the first category at the bottom, so they are reversed here), and
 * whole-number steps on the value axis, whose figures `valueFigures: false` leaves to the bars.
 */
export function horizontalBarsFrame(
  labels: readonly string[],
  dark: boolean,
  { right, valueFigures = true }: { right: number; valueFigures?: boolean },
): Omit<BarChartOption, 'series'> {
  const colours = chartFrameColours(dark);
  return {
    grid: { left: 8, right, top: 8, bottom: 8, containLabel: true },
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
      axisLabel: valueFigures ? { color: colours.text } : { show: false },
      splitLine: { lineStyle: { color: colours.line } },
    },
    yAxis: {
      type: 'category',
      data: [...labels].reverse(),
      axisLabel: { color: colours.text },
      axisLine: { lineStyle: { color: colours.line } },
    },
  };
}
