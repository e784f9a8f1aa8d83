import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { HealthCheckAnswer } from '@api/address-health/contract';
import { ADDRESS_CLASSES } from '@domain/address-health/figures';
import { useDarkMode } from '../../../lib/theme';
import { HEALTH_BAR_HEIGHT, healthChartOption } from '../health-chart-option';
import { healthSummary } from '../health-view';

// Only the parts this chart draws: the full echarts build would triple the chunk.
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** The records per class as bars; loaded on its own so the dashboard waits for no echarts. */
export default function HealthChart({ counts }: { counts: HealthCheckAnswer['counts'] }) {
  const { darkMode } = useDarkMode();
  return (
    <div role="img" aria-label={`Records by class: ${healthSummary(counts)}`}>
      <ReactEChartsCore
        echarts={echarts}
        option={healthChartOption(counts, darkMode)}
        lazyUpdate
        style={{ height: 24 + ADDRESS_CLASSES.length * HEALTH_BAR_HEIGHT, width: '100%' }}
      />
    </div>
  );
}
