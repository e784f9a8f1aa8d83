import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import { useReducedMotion } from '../../../lib/media';

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
  const still = useReducedMotion();
  return (
    <div role="img" aria-label={label}>
      <ReactEChartsCore
        echarts={echarts}
        option={{ ...option, animation: !still }}
        style={{ height }}
        notMerge
        lazyUpdate
      />
    </div>
  );
}
