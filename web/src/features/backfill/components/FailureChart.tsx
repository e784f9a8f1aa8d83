import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useDarkMode } from '../../../lib/theme';
import { BAR_HEIGHT, failureChartOption, failureSummary } from '../failure-chart-option';

// Only the parts this chart draws: the full echarts build would triple the chunk.
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** A job's failures by reason as bars; loaded on its own so the dashboard waits for no echarts. */
export default function FailureChart({ reasons }: { reasons: Partial<Record<string, number>> }) {
  const { darkMode } = useDarkMode();
  const bars = Object.values(reasons).filter((count) => (count ?? 0) > 0).length;
  return (
    <div role="img" aria-label={`Failures by reason: ${failureSummary(reasons)}`}>
      <ReactEChartsCore
        echarts={echarts}
        option={failureChartOption(reasons, darkMode)}
        lazyUpdate
        style={{ height: 24 + bars * BAR_HEIGHT, width: '100%' }}
      />
    </div>
  );
}
