import { chartFrameColours, horizontalBarsFrame, type BarChartOption } from '../../lib/bar-chart';
import { reasonBreakdown } from '../../lib/failure-reasons';

export type FailureChartOption = BarChartOption;

/** Pixels per bar: the chart grows with the reasons so each label keeps its line. */
export const BAR_HEIGHT = 32;

/** "Zip Not Found: 3, Invalid Zip Format: 1": the chart's numbers for whoever cannot see it. */
export function failureSummary(reasons: Partial<Record<string, number>>): string {
  return reasonBreakdown(reasons)
    .map(({ label, count }) => `${label}: ${count}`)
    .join(', ');
}

/** One horizontal bar per failure reason, the most frequent on top, whole-number steps. */
export function failureChartOption(
  reasons: Partial<Record<string, number>>,
  dark: boolean,
): FailureChartOption {
  const rows = reasonBreakdown(reasons);
  return {
    color: [dark ? '#f87171' : '#c62828'],
    ...horizontalBarsFrame(
      rows.map((r) => r.label),
      dark,
      { right: 32 },
    ),
    series: [
      {
        name: 'Failures',
        type: 'bar',
        data: [...rows].reverse().map((r) => r.count),
        barMaxWidth: 18,
        label: { show: true, position: 'right', color: chartFrameColours(dark).text },
      },
    ],
  };
}
