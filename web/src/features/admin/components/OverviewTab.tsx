import type { EChartsOption } from 'echarts';
import { lazy, Suspense } from 'react';
import { useDarkMode } from '../../../lib/theme';
import { Button, Card } from '../../../ui';
import { engagementColour } from '../lib/colours';
import { number } from '../lib/format';
import type { DashboardPayload } from '../types';
import { Stat } from './Stat';

// echarts is the bulk of the admin area; it loads only when a chart is drawn.
const LazyChart = lazy(() => import('./Chart').then((m) => ({ default: m.Chart })));

function Chart(props: { option: EChartsOption; label: string }) {
  return (
    <Suspense fallback={<div style={{ height: 280 }}>Loading chart...</div>}>
      <LazyChart {...props} />
    </Suspense>
  );
}

function usageOption(data: DashboardPayload['chartData'], dark: boolean): EChartsOption {
  const text = dark ? '#e6ebf2' : '#17202e';
  const grid = dark ? '#2a3544' : '#dde3ec';
  const sorted = [...data].sort((a, b) => a.date.localeCompare(b.date));
  return {
    textStyle: { color: text },
    tooltip: { trigger: 'axis' },
    legend: { textStyle: { color: text } },
    grid: { left: 40, right: 16, top: 40, bottom: 30 },
    xAxis: { type: 'category', data: sorted.map((d) => d.date), axisLabel: { color: text } },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: text },
      splitLine: { lineStyle: { color: grid } },
    },
    series: [
      {
        name: 'Successful Lookups',
        type: 'line',
        data: sorted.map((d) => d.successful_count),
        itemStyle: { color: dark ? '#4ade80' : '#16a34a' },
      },
      {
        name: 'Failed Lookups',
        type: 'line',
        data: sorted.map((d) => d.failed_count),
        itemStyle: { color: dark ? '#f87171' : '#dc2626' },
      },
    ],
  };
}

function barOption(
  labels: string[],
  values: number[],
  colours: string[] | string,
  dark: boolean,
): EChartsOption {
  const text = dark ? '#e6ebf2' : '#17202e';
  return {
    textStyle: { color: text },
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 40 },
    xAxis: { type: 'category', data: labels, axisLabel: { color: text, interval: 0 } },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { color: text } },
    series: [
      {
        type: 'bar',
        data: values.map((value, i) => ({
          value,
          itemStyle: { color: Array.isArray(colours) ? colours[i] : colours },
        })),
      },
    ],
  };
}

export function OverviewTab({ data, onRefresh }: { data: DashboardPayload; onRefresh: () => void }) {
  const { darkMode } = useDarkMode();
  const s = data.systemStats;
  const p = data.performanceMetrics;
  return (
    <div className="stack">
      <div className="admin-cards">
        <Card>
          <Stat label="Total Users" value={number(s.totalUsers)} sub={`+${s.newUsers7d} new this week`} />
          <Button variant="ghost" onClick={onRefresh}>
            Refresh
          </Button>
        </Card>
        <Card>
          <Stat
            label="Success Rate"
            value={`${s.successRate}%`}
            sub={`${number(s.successfulLookups)} successful`}
          />
        </Card>
        <Card>
          <Stat label="Active Users" value={`${s.activeUsers24h} (24h)`} sub={`${s.activeUsers7d} (7d)`} />
        </Card>
        <Card>
          <Stat
            label="Total Credits"
            value={number(s.totalCreditsRemaining)}
            sub={`${s.avgCreditsPerUser} average per user`}
          />
        </Card>
      </div>
      <Card title="Usage Trends (Last 30 Days)">
        <Chart label="Usage Trends (Last 30 Days)" option={usageOption(data.chartData, darkMode)} />
      </Card>
      <div className="grid grid-2 align-start">
        <Card title="Credit Distribution">
          <Chart
            label="Credit Distribution"
            option={barOption(
              data.creditDistribution.map((c) => c.credit_range),
              data.creditDistribution.map((c) => c.user_count),
              '#2563eb',
              darkMode,
            )}
          />
        </Card>
        <Card title="Performance Metrics">
          {p ? (
            <div className="admin-cards">
              <Stat label="Requests Last Hour" value={number(p.requests_last_hour)} />
              <Stat label="Avg/Hour (7d)" value={number(p.avg_requests_per_hour)} />
              <Stat label="Peak Hour (7d)" value={number(p.peak_requests_per_hour)} />
            </div>
          ) : (
            <div className="admin-cards">
              <Stat label="Connected Users" value={number(data.hubspotStats.connected_users)} />
              <Stat label="Configured Portals" value={number(data.hubspotStats.configured_portals)} />
            </div>
          )}
        </Card>
      </div>
      <Card title="User Engagement">
        <Chart
          label="User Engagement"
          option={barOption(
            data.userEngagement.map((e) => e.engagement_level),
            data.userEngagement.map((e) => e.user_count),
            data.userEngagement.map((e) => engagementColour(e.engagement_level)),
            darkMode,
          )}
        />
        <ul className="admin-inline-list">
          {data.userEngagement.map((e) => (
            <li key={e.engagement_level}>
              {e.engagement_level}: {e.user_count} users, {e.avg_lookups} avg lookups
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
