import type { EChartsOption } from 'echarts';

/** Chart colours that keep their contrast on the page's light and dark surfaces (styles.css). */
export function chartColours(dark: boolean) {
  return dark
    ? { text: '#c3ccd9', axis: '#3a4656', grid: '#253041', successful: '#4ade80', failed: '#f87171' }
    : { text: '#4a5668', axis: '#c5cedb', grid: '#e8edf3', successful: '#15803d', failed: '#c62828' };
}

/** The value axis of every admin chart: whole counts, labels and gridlines in the theme's colours. */
function countAxis(c: ReturnType<typeof chartColours>) {
  return {
    type: 'value' as const,
    minInterval: 1,
    axisLabel: { color: c.text },
    splitLine: { lineStyle: { color: c.grid } },
  };
}

/** 1000 as "1k", 1500 as "1.5k", 999 as "999". */
function shortNumber(n: number): string {
  if (n < 1000) return String(n);
  const k = n / 1000;
  return `${Number.isInteger(k) ? k : k.toFixed(1)}k`;
}

/**
 * A credit range as a short axis label: "1001-5000" reads "1k–5k", "501-1000" reads "501–1k",
 * "5000+" reads "5k+". A bucket's lower end (1001) is shown as the round number it starts after.
 */
export function shortRangeLabel(range: string): string {
  const plus = /^(\d+)\+$/.exec(range);
  if (plus) return `${shortNumber(Number(plus[1]))}+`;
  const span = /^(\d+)\s*-\s*(\d+)$/.exec(range);
  if (!span) return range;
  const low = Number(span[1]);
  const roundLow = low > 1000 && (low - 1) % 1000 === 0 ? low - 1 : low;
  return `${shortNumber(roundLow)}–${shortNumber(Number(span[2]))}`;
}

/** "2026-11-22" as "Nov 22": the year is in the tooltip, the axis needs the room. */
export function shortDate(iso: string): string {
  const at = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export interface UsageTrendDay {
  date: string;
  successful_count: number;
  failed_count: number;
}

/** "Usage Trends": legend above the plot, short dates below it, quiet gridlines in either theme. */
export function usageTrendOption(data: readonly UsageTrendDay[], dark: boolean): EChartsOption {
  const c = chartColours(dark);
  const sorted = [...data].sort((a, b) => a.date.localeCompare(b.date));
  return {
    textStyle: { color: c.text },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, left: 'center', textStyle: { color: c.text } },
    grid: { left: 8, right: 16, top: 44, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: sorted.map((d) => d.date),
      axisLabel: { color: c.text, formatter: shortDate, hideOverlap: true },
      axisLine: { lineStyle: { color: c.axis } },
      axisTick: { lineStyle: { color: c.axis } },
    },
    yAxis: countAxis(c),
    series: [
      {
        name: 'Successful Lookups',
        type: 'line',
        data: sorted.map((d) => d.successful_count),
        itemStyle: { color: c.successful },
        lineStyle: { color: c.successful },
      },
      {
        name: 'Failed Lookups',
        type: 'line',
        data: sorted.map((d) => d.failed_count),
        itemStyle: { color: c.failed },
        lineStyle: { color: c.failed },
      },
    ],
  };
}

/**
 * Bars by category. Every label is shown; on a phone (compact) they are set at an angle so
 * neighbours never run together.
 */
export function barChartOption(
  bars: readonly { label: string; value: number; colour: string }[],
  dark: boolean,
  compact: boolean,
): EChartsOption {
  const c = chartColours(dark);
  return {
    textStyle: { color: c.text },
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: bars.map((b) => b.label),
      axisLabel: { color: c.text, interval: 0, rotate: compact ? 35 : 0 },
      axisLine: { lineStyle: { color: c.axis } },
      axisTick: { alignWithLabel: true, lineStyle: { color: c.axis } },
    },
    yAxis: countAxis(c),
    series: [
      {
        type: 'bar',
        barMaxWidth: 56,
        data: bars.map((b) => ({ value: b.value, itemStyle: { color: b.colour } })),
      },
    ],
  };
}
