import type { ComposeOption } from 'echarts/core';
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { DailyUsage } from '@api/lookups/contract';
import { LOOKUP_SOURCES, type LookupSource } from '@domain/lookups/events';
import { reasonBreakdown, refusalBreakdown } from '../../../lib/failure-reasons';

export type UsageChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** Colours that keep their contrast on the page's light and dark backgrounds (styles.css). */
const palette = {
  light: { successful: '#15803d', failed: '#c62828', text: '#5a6678', line: '#dde3ec', tooltip: '#ffffff' },
  dark: { successful: '#4ade80', failed: '#f87171', text: '#9aa6b8', line: '#2a3544', tooltip: '#18202c' },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The tooltip of one day: its counts (nothing to update apart from failures), under the failures their breakdown by reason, and what HubSpot refused. */
export function dayTooltip(day: DailyUsage): string {
  const line = (label: string, count: number) => `<br/>&nbsp;&nbsp;${escapeHtml(label)}: ${count}`;
  const refusals = refusalBreakdown(day.refused_values)
    .map(({ text, count }) => `<br/>&nbsp;&nbsp;&nbsp;&nbsp;${escapeHtml(text)}: ${count}`)
    .join('');
  const reasons = reasonBreakdown(day.failure_reasons)
    .map(
      ({ reason, label, count }) => line(label, count) + (reason === 'crm_validation_failed' ? refusals : ''),
    )
    .join('');
  return `<strong>${escapeHtml(day.date)}</strong><br/>Successful: ${day.successful_lookups}${bySource(day, line)}${day.nothing_to_update > 0 ? `<br/>Nothing to update: ${day.nothing_to_update}` : ''}<br/>Failed Lookups: ${day.failed_lookups}${reasons}`;
}

const SOURCE_LABELS: Record<LookupSource, string> = {
  webhook: 'ZIP changes',
  workflow: 'Workflow actions',
  backfill: 'Backfills',
};

/** The successes by source, once a workflow or a backfill filled some; webhook-only days need none. */
function bySource(day: DailyUsage, line: (label: string, count: number) => string): string {
  const counts = LOOKUP_SOURCES.map((source) => [source, day.successful_by_source[source] ?? 0] as const);
  if (!counts.some(([source, count]) => source !== 'webhook' && count > 0)) return '';
  return counts
    .filter(([, count]) => count > 0)
    .map(([source, count]) => line(SOURCE_LABELS[source], count))
    .join('');
}

/** The "Daily Usage" line chart: every day of the range, whole-number steps on the y-axis. */
export function usageChartOption(days: readonly DailyUsage[], dark: boolean): UsageChartOption {
  const colours = dark ? palette.dark : palette.light;
  return {
    color: [colours.successful, colours.failed],
    grid: { left: 8, right: 24, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0, textStyle: { color: colours.text } },
    tooltip: {
      trigger: 'axis',
      backgroundColor: colours.tooltip,
      borderColor: colours.line,
      textStyle: { color: dark ? '#e6ebf2' : '#17202e' },
      formatter: (params) => {
        const first = Array.isArray(params) ? params[0] : params;
        const day = first ? days[first.dataIndex] : undefined;
        return day ? dayTooltip(day) : '';
      },
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: days.map((d) => d.date),
      axisLabel: { color: colours.text },
      axisLine: { lineStyle: { color: colours.line } },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: colours.text },
      splitLine: { lineStyle: { color: colours.line } },
    },
    series: [
      {
        name: 'Successful',
        type: 'line',
        data: days.map((d) => d.successful_lookups),
        symbol: 'circle',
        symbolSize: 6,
      },
      {
        name: 'Failed Lookups',
        type: 'line',
        data: days.map((d) => d.failed_lookups),
        symbol: 'circle',
        symbolSize: 6,
      },
    ],
  };
}
