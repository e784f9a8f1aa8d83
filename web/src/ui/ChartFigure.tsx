import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import type { CSSProperties } from 'react';
import { useReducedMotion } from '../lib/media';

/**
 * One echarts chart as a figure: described in words for whoever cannot see it, and drawn without
 * animation for a reader who asked for reduced motion. It draws with the parts its caller's module
 * registered (`echarts.use`), so each lazily loaded chart module brings only what it draws.
 */
export function ChartFigure({
  label,
  option,
  style,
  notMerge = false,
}: {
  /** What the chart shows, in words. */
  label: string;
  option: EChartsCoreOption;
  style: CSSProperties;
  /** Replace the previous option rather than merge into it (a chart whose series come and go). */
  notMerge?: boolean;
}) {
  const still = useReducedMotion();
  return (
    <div role="img" aria-label={label}>
      <ReactEChartsCore
        echarts={echarts}
        option={{ ...option, animation: !still }}
        style={style}
        notMerge={notMerge}
        lazyUpdate
      />
    </div>
  );
}
