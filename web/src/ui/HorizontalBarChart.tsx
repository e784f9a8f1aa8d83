import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { BarChartOption } from '../lib/bar-chart';
import { ChartFigure } from './ChartFigure';

// Only the parts these charts draw: the full echarts build would triple the chunk.
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/**
 * Horizontal bars, one a line: `bars` lines of `barHeight` pixels. Imported by a chart's own
 * lazily loaded module (never from ui/index), so a page waits for no echarts.
 */
export function HorizontalBarChart({
  label,
  option,
  bars,
  barHeight,
}: {
  /** What the chart shows, in words, for whoever cannot see it. */
  label: string;
  option: BarChartOption;
  bars: number;
  barHeight: number;
}) {
  return (
    <ChartFigure label={label} option={option} style={{ height: 24 + bars * barHeight, width: '100%' }} />
  );
}
