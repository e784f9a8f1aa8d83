import { countOf } from '../../../lib/plural';
import { Card, Email } from '../../../ui';
import { hourlyBarColour } from '../lib/colours';
import { ago, date, titleCase } from '../lib/format';
import type { DashboardAnswer } from '@api/admin/contract';
import { formatNumber } from '../../../lib/plural';

type Cell = string | number;
/** One row of a list in the dashboard's answer. */
type RowOf<K extends keyof DashboardAnswer> = DashboardAnswer[K] extends (infer Row)[] ? Row : never;
/** A column: its heading beside what one row of the answer shows in it, so the two cannot drift apart. */
type Column<Row> = [heading: string, cell: (row: Row) => Cell];

const TOP_PERFORMERS: Column<RowOf<'topPerformers'>>[] = [
  ['User', (p) => p.email],
  ['Successful (all time)', (p) => p.successful_all_time],
  ['Successful (7d)', (p) => p.successful_7d],
  ['Credits', (p) => p.credits],
];

const FAILURES: Column<RowOf<'failureAnalysis'>>[] = [
  ['Reason', (f) => titleCase(f.reason)],
  ['Count', (f) => f.count],
  ['Affected Users', (f) => f.affected_users],
  ['24h', (f) => f.count_24h],
  ['7d', (f) => f.count_7d],
];

const PORTALS: Column<RowOf<'portalAnalytics'>>[] = [
  ['Portal', (p) => p.portal_id],
  ['Users', (p) => p.unique_users],
  ['Lookups', (p) => p.total_lookups],
  ['Success Rate', (p) => `${p.success_rate}%`],
  ['Last Activity', (p) => ago(p.last_activity)],
];

const CONSUMPTION: Column<RowOf<'creditConsumptionTrends'>>[] = [
  ['Date', (t) => t.date],
  ['Active Users', (t) => t.active_users],
  ['Credits Consumed', (t) => t.credits_consumed],
  ['Avg/User', (t) => t.avg_credits_per_user],
  ['Success Rate', (t) => `${t.success_rate}%`],
];

const CREDIT_ALERTS: Column<RowOf<'creditAlerts'>>[] = [
  ['User', (a) => a.email],
  ['Credits', (a) => a.credits],
  ['Threshold', (a) => a.credit_threshold],
  ['Below By', (a) => a.credits_below_threshold],
  ['Recent Lookups', (a) => a.recent_lookups],
];

const SIGNUPS: Column<RowOf<'recentSignups'>>[] = [
  ['User', (s) => s.email],
  ['Joined', (s) => date(s.created_at)],
  ['Referral', (s) => s.referral_type],
  ['Credits', (s) => s.credits],
  ['Lookups', (s) => s.lookups_since_signup],
  ['Last Lookup', (s) => (s.deleted ? 'Deleted' : ago(s.last_lookup))],
];

const REFERRALS: Column<RowOf<'referralStats'>>[] = [
  ['Referral', (r) => r.referral_type],
  ['Users', (r) => r.user_count],
  ['Lookups', (r) => r.total_lookups],
  ['Avg Lookups', (r) => r.avg_lookups],
];

/** A card holding one table, which the card's title names for assistive technology. */
function TableCard<Row>({
  title,
  rows,
  columns,
  empty = 'No data yet',
  footnote,
}: {
  title: string;
  rows: Row[];
  columns: Column<Row>[];
  empty?: string;
  /** What the table leaves out, under it. */
  footnote?: string;
}) {
  return (
    <Card title={title}>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        // A table wider than its card scrolls; keyboard users reach the scroll by focusing the region.
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={title}>
          <table className="admin-table">
            <thead>
              <tr>
                {columns.map(([heading]) => (
                  <th key={heading}>{heading}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  {columns.map(([heading, cell]) => (
                    <td key={heading} data-label={heading}>
                      <Shown value={cell(row)} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {footnote && <p className="muted small">{footnote}</p>}
    </Card>
  );
}

function Shown({ value }: { value: Cell }) {
  if (typeof value === 'number') return formatNumber(value);
  return value.includes('@') ? <Email address={value} /> : value;
}

/** The server sends each list already cut to its length (top 10, the last 7 days, 15 sign-ups). */
export function AnalyticsTab({ data }: { data: DashboardAnswer }) {
  return (
    <div className="grid grid-2 align-start">
      <TableCard title="Top Performers" rows={data.topPerformers} columns={TOP_PERFORMERS} />
      <TableCard title="Failure Analysis" rows={data.failureAnalysis} columns={FAILURES} />
      <TableCard title="Portal Analytics" rows={data.portalAnalytics} columns={PORTALS} />
      <TableCard
        title="Credit Consumption Trends"
        rows={data.creditConsumptionTrends}
        columns={CONSUMPTION}
      />
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
      <TableCard
        title="Credit Alerts"
        rows={data.creditAlerts}
        columns={CREDIT_ALERTS}
        empty="No users below credit threshold"
        footnote={
          data.creditAlertsTotal > data.creditAlerts.length
            ? `The ${formatNumber(data.creditAlerts.length)} furthest below of ${countOf(data.creditAlertsTotal, 'user')} below their threshold`
            : undefined
        }
      />
      <TableCard title="Recent Signups & Onboarding" rows={data.recentSignups} columns={SIGNUPS} />
      <TableCard title="Referral Sources" rows={data.referralStats} columns={REFERRALS} />
    </div>
  );
}
