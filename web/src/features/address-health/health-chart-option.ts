import type { HealthCheckAnswer } from '@api/address-health/contract';
import { chartFrameColours, horizontalBarsFrame, type BarChartOption } from '../../lib/bar-chart';
import { formatNumber } from '../../lib/plural';
import { classRows, isProblem } from './health-view';

export type HealthChartOption = BarChartOption;

/** The bars' colours, which keep their contrast on the page's light and dark backgrounds. */
const barColours = {
  light: { problem: '#c62828', fine: '#2e7d32' },
  dark: { problem: '#f87171', fine: '#4ade80' },
};

/** Pixels per bar: one bar per class, each label on its own line. */
export const HEALTH_BAR_HEIGHT = 30;

/**
 * One horizontal bar per class in the classifier's order, from no ZIP at the top to consistent at
 * the bottom; classes that need fixing in red, the informative ones in green.
 */
export function healthChartOption(counts: HealthCheckAnswer['counts'], dark: boolean): HealthChartOption {
  const { problem, fine } = dark ? barColours.dark : barColours.light;
  const rows = classRows(counts);
  return {
    // Each bar says its own count: the axis's figures would overlap at 360 px.
    ...horizontalBarsFrame(
      rows.map((r) => r.label),
      dark,
      { right: 40, valueFigures: false },
    ),
    series: [
      {
        name: 'Records',
        type: 'bar',
        data: [...rows].reverse().map((r) => ({
          value: r.count,
          itemStyle: { color: isProblem(r.found) ? problem : fine },
        })),
        barMaxWidth: 18,
        label: {
          show: true,
          position: 'right',
          color: chartFrameColours(dark).text,
          formatter: ({ value }) => formatNumber(Number(value)),
        },
      },
    ],
  };
}
