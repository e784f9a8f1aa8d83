import { countOf } from '../../../lib/plural';
import { Card, Email } from '../../../ui';
import { hourlyBarColour } from '../lib/colours';
import { ago, date, titleCase } from '../lib/format';
import type { DashboardAnswer } from '@api/admin/contract';
import { formatNumber } from '../../../lib/plural';

function Table({
  label,
  head,
  rows,
  empty,
}: {
  label: string;
  head: string[];
  rows: (string | number)[][];
  empty?: string;
}) {
  if (rows.length === 0) return <p className="muted">{empty ?? 'No data yet'}</p>;
  // A table wider than its card scrolls; keyboard users reach the scroll by focusing the region.
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="admin-table">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j} data-label={head[j]}>
                  {typeof c === 'number' ? formatNumber(c) : c.includes('@') ? <Email address={c} /> : c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AnalyticsTab({ data }: { data: DashboardAnswer }) {
  return (
    <div className="grid grid-2 align-start">
      <Card title="Top Performers">
        <Table
          label="Top Performers"
          head={['User', 'Successful (all time)', 'Successful (7d)', 'Credits']}
          rows={data.topPerformers
            .slice(0, 10)
            .map((p) => [p.email, p.successful_all_time, p.successful_7d, p.credits])}
        />
      </Card>
      <Card title="Failure Analysis">
        <Table
          label="Failure Analysis"
          head={['Reason', 'Count', 'Affected Users', '24h', '7d']}
          rows={data.failureAnalysis.map((f) => [
            titleCase(f.reason),
            f.count,
            f.affected_users,
            f.count_24h,
            f.count_7d,
          ])}
        />
      </Card>
      <Card title="Portal Analytics">
        <Table
          label="Portal Analytics"
          head={['Portal', 'Users', 'Lookups', 'Success Rate', 'Last Activity']}
          rows={data.portalAnalytics
            .slice(0, 10)
            .map((p) => [
              p.portal_id,
              p.unique_users,
              p.total_lookups,
              `${p.success_rate}%`,
              ago(p.last_activity),
            ])}
        />
      </Card>
      <Card title="Credit Consumption Trends">
        <Table
          label="Credit Consumption Trends"
          head={['Date', 'Active Users', 'Credits Consumed', 'Avg/User', 'Success Rate']}
          rows={data.creditConsumptionTrends
            .slice(0, 7)
            .map((t) => [
              t.date,
              t.active_users,
              t.credits_consumed,
              t.avg_credits_per_user,
              `${t.success_rate}%`,
            ])}
        />
      </Card>
      <Card title="Hourly Usage Patterns">
        {data.timeBasedAnalytics.length === 0 ? (
          <p className="muted">No data yet</p>
        ) : (
          <ul className="admin-hours">
            {data.timeBasedAnalytics.slice(0, 12).map((h) => (
              <li key={h.hour}>
                <span className="admin-hour">{String(h.hour).padStart(2, '0')}:00 UTC</span>
                <span className="admin-bar" aria-hidden="true">
                  <span
                    style={{ width: `${h.success_rate}%`, background: hourlyBarColour(h.success_rate) }}
                  />
                </span>
                <span className="small">
                  {countOf(h.total_lookups, 'lookup')} · {h.success_rate}%
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Credit Alerts">
        <Table
          label="Credit Alerts"
          head={['User', 'Credits', 'Threshold', 'Below By', 'Recent Lookups']}
          rows={data.creditAlerts.map((a) => [
            a.email,
            a.credits,
            a.credit_threshold,
            a.credits_below_threshold,
            a.recent_lookups,
          ])}
          empty="No users below credit threshold"
        />
      </Card>
      <Card title="Recent Signups & Onboarding">
        <Table
          label="Recent Signups & Onboarding"
          head={['User', 'Joined', 'Referral', 'Credits', 'Lookups', 'Last Lookup']}
          rows={data.recentSignups
            .slice(0, 15)
            .map((s) => [
              s.email,
              date(s.created_at),
              s.referral_type,
              s.credits,
              s.lookups_since_signup,
              s.deleted ? 'Deleted' : ago(s.last_lookup),
            ])}
        />
      </Card>
      <Card title="Referral Sources">
        <Table
          label="Referral Sources"
          head={['Referral', 'Users', 'Lookups', 'Avg Lookups']}
          rows={data.referralStats.map((r) => [
            r.referral_type,
            r.user_count,
            r.total_lookups,
            r.avg_lookups,
          ])}
        />
      </Card>
    </div>
  );
}
