import { countOf, formatNumber } from '../../../lib/plural';
import { Card } from '../../../ui';
import { useAdminLogStatsQuery } from '../api';
import { cut, rate } from '../lib/format';
import type { Period } from '@api/log-viewer/contract';
import { Stat } from './Stat';
import { RetryAlert } from './RetryAlert';

const PERIODS: [Period, string][] = [
  ['1h', '1 hour'],
  ['24h', '24 hours'],
  ['7d', '7 days'],
  ['30d', '30 days'],
];

export function LogStatsCard({ period, onPeriod }: { period: Period; onPeriod: (p: Period) => void }) {
  const { data, isError, refetch } = useAdminLogStatsQuery(period, { refetchOnMountOrArgChange: true });
  return (
    <Card
      title="Log Statistics"
      actions={
        <label>
          Period{' '}
          <select value={period} onChange={(e) => onPeriod(e.target.value as Period)} aria-label="Period">
            {PERIODS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      }
    >
      {isError && <RetryAlert onRetry={refetch}>Failed to fetch log stats</RetryAlert>}
      {data && (
        <>
          <div className="admin-cards">
            <Stat
              label="Requests"
              value={formatNumber(data.requestStats.total_requests)}
              sub={`${formatNumber(data.requestStats.successful_requests)} ok · ${formatNumber(data.requestStats.failed_requests)} failed`}
            />
            <Stat
              label="Success Rate"
              value={rate(data.requestStats.success_rate, data.requestStats.total_requests)}
            />
            <Stat label="Active Users" value={formatNumber(data.requestStats.active_users)} />
            <Stat
              label="Avg Response Time"
              value={`${formatNumber(data.performanceStats.avg_response_time)} ms`}
              sub={
                data.performanceStats.has_sufficient_data
                  ? undefined
                  : `Only ${data.performanceStats.data_span_hours} of ${data.performanceStats.requested_period_hours} hours of data`
              }
            />
            <Stat
              label="Errors / Warnings"
              value={`${formatNumber(data.logStats.error_logs)} / ${formatNumber(data.logStats.warning_logs)}`}
              sub={
                data.lostLogLines > 0
                  ? `${countOf(data.lostLogLines, 'log line')} lost since start`
                  : undefined
              }
            />
          </div>
          <h3 className="small">Top Issues</h3>
          {data.topErrors.length === 0 ? (
            <p className="muted">No errors or warnings in this period</p>
          ) : (
            <ul className="admin-inline-list">
              {data.topErrors.slice(0, 3).map((e) => (
                <li key={`${e.level}:${e.message}`}>
                  <strong>{formatNumber(e.count)}×</strong> {cut(e.message, 60)}{' '}
                  <span className="muted small">({countOf(e.affected_users, 'user')})</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
