import ReactEChartsCore from 'echarts-for-react/esm/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useReducedMotion } from '../../../lib/media';
import { useDarkMode } from '../../../lib/theme';
import { usageChartOption } from './chart-option';
import type { DailyUsage } from '@api/lookups/contract';

// Only the parts this chart draws: the full echarts build would triple the chunk.
echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

interface UsageChartProps {
  days: DailyUsage[];
  summary: string;
}

/** The "Daily Usage" line chart; loaded on its own so pages without charts never fetch echarts. */
export default function UsageChart({ days, summary }: UsageChartProps) {
  const { darkMode } = useDarkMode();
  const still = useReducedMotion();
  return (
    <div role="img" aria-label={`Daily usage chart: ${summary}`}>
      <ReactEChartsCore
        echarts={echarts}
        option={{ ...usageChartOption(days, darkMode), animation: !still }}
        notMerge
        style={{ height: 320, width: '100%' }}
      />
    </div>
  );
}
