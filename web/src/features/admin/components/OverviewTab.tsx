import type { EChartsOption } from 'echarts';
import { lazy, Suspense } from 'react';
import { usePhoneScreen } from '../../../lib/media';
import { useDarkMode } from '../../../lib/theme';
import { Button, Card } from '../../../ui';
import { barChartOption, shortRangeLabel, usageTrendOption } from '../lib/chart-options';
import { CHART_BLUE, engagementColour } from '../lib/colours';
import { rate, rateCaption } from '../lib/format';
import { countOf, formatNumber } from '../../../lib/plural';
import type { DashboardAnswer } from '@api/admin/contract';
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

export function OverviewTab({ data, onRefresh }: { data: DashboardAnswer; onRefresh: () => void }) {
  const { darkMode } = useDarkMode();
  const phone = usePhoneScreen();
  const s = data.systemStats;
  const p = data.performanceMetrics;
  return (
    <div className="stack">
      <div className="admin-cards">
        <Card>
          <Stat
            label="Total Users"
            value={formatNumber(s.totalUsers)}
            sub={`+${formatNumber(s.newUsers7d)} new this week${s.deletedUsers > 0 ? ` · deleted accounts apart: ${formatNumber(s.deletedUsers)}` : ''}`}
          />
          <Button variant="ghost" className="admin-refresh" onClick={onRefresh}>
            Refresh
          </Button>
        </Card>
        <Card>
          <Stat
            label="Success Rate"
            value={rate(s.successRate, s.totalLookups)}
            sub={rateCaption(s.successfulLookups, s.totalLookups)}
          />
        </Card>
        <Card>
          <Stat
            label="Active Users"
            value={`${formatNumber(s.activeUsers24h)} (24h)`}
            sub={`${formatNumber(s.activeUsers7d)} (7d)`}
          />
        </Card>
        <Card>
          <Stat
            label="Total Credits"
            value={formatNumber(s.totalCreditsRemaining)}
            sub={`${formatNumber(s.avgCreditsPerUser)} average per user${s.deletedUsers > 0 ? ` · of deleted accounts, apart: ${formatNumber(s.deletedUsersCredits)}` : ''}`}
          />
        </Card>
      </div>
      <Card title="Usage Trends (Last 30 Days)">
        <Chart label="Usage Trends (Last 30 Days)" option={usageTrendOption(data.chartData, darkMode)} />
      </Card>
      <div className="grid grid-2 align-start">
        <Card title="Credit Distribution">
          <Chart
            label="Credit Distribution"
            option={barChartOption(
              data.creditDistribution.map((c) => ({
                label: shortRangeLabel(c.credit_range),
                value: c.user_count,
                colour: CHART_BLUE,
              })),
              darkMode,
              phone,
            )}
          />
        </Card>
        <Card title="Performance Metrics">
          {p ? (
            <div className="admin-cards">
              <Stat label="Requests Last Hour" value={formatNumber(p.requests_last_hour)} />
              <Stat label="Avg/Hour (7d)" value={formatNumber(p.avg_requests_per_hour)} />
              <Stat label="Peak Hour (7d)" value={formatNumber(p.peak_requests_per_hour)} />
            </div>
          ) : (
            <div className="admin-cards">
              <Stat label="Connected Users" value={formatNumber(data.hubspotStats.connected_users)} />
              <Stat label="Configured Portals" value={formatNumber(data.hubspotStats.configured_portals)} />
            </div>
          )}
        </Card>
      </div>
      <Card title="User Engagement">
        <Chart
          label="User Engagement"
          option={barChartOption(
            data.userEngagement.map((e) => ({
              label: e.engagement_level,
              value: e.user_count,
              colour: engagementColour(e.engagement_level),
            })),
            darkMode,
            phone,
          )}
        />
        <ul className="admin-inline-list">
          {data.userEngagement.map((e) => (
            <li key={e.engagement_level}>
              {e.engagement_level}: {countOf(e.user_count, 'user')}, {formatNumber(e.avg_lookups)} avg lookups
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
