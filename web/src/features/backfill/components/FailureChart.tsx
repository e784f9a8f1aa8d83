import { useDarkMode } from '../../../lib/theme';
import { HorizontalBarChart } from '../../../ui/HorizontalBarChart';
import { BAR_HEIGHT, failureChartOption, failureSummary } from '../failure-chart-option';

/** A job's failures by reason as bars; loaded on its own so the dashboard waits for no echarts. */
export default function FailureChart({ reasons }: { reasons: Partial<Record<string, number>> }) {
  const { darkMode } = useDarkMode();
  return (
    <HorizontalBarChart
      label={`Failures by reason: ${failureSummary(reasons)}`}
      option={failureChartOption(reasons, darkMode)}
      bars={Object.values(reasons).filter((count) => (count ?? 0) > 0).length}
      barHeight={BAR_HEIGHT}
    />
  );
}
