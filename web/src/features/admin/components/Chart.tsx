import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import { ChartFigure } from '../../../ui/ChartFigure';

// Only what the admin charts draw; this module is reached only from the admin area's lazy chunk.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export function Chart({
  option,
  height = 280,
  label,
}: {
  option: EChartsOption;
  height?: number;
  label: string;
}) {
  return <ChartFigure label={label} option={option} style={{ height }} notMerge />;
}
