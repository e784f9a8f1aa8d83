import type { HealthCheckAnswer } from '@api/address-health/contract';
import { ADDRESS_CLASSES } from '@domain/address-health/figures';
import { useDarkMode } from '../../../lib/theme';
import { HorizontalBarChart } from '../../../ui/HorizontalBarChart';
import { HEALTH_BAR_HEIGHT, healthChartOption } from '../health-chart-option';
import { healthSummary } from '../health-view';

/** The records per class as bars; loaded on its own so the dashboard waits for no echarts. */
export default function HealthChart({ counts }: { counts: HealthCheckAnswer['counts'] }) {
  const { darkMode } = useDarkMode();
  return (
    <HorizontalBarChart
      label={`Records by class: ${healthSummary(counts)}`}
      option={healthChartOption(counts, darkMode)}
      bars={ADDRESS_CLASSES.length}
      barHeight={HEALTH_BAR_HEIGHT}
    />
  );
}
