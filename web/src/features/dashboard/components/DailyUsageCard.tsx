import { lazy, Suspense, useMemo, useState } from 'react';
import { EARLIEST_USAGE_DATE, utcDate } from '@domain/lookups/usage-window';
import { serverErrorText } from '../../../lib/errors';
import { Alert, Card, Spinner, TextField } from '../../../ui';
import { useUsageChartDataQuery } from '../api';
import { formatCount } from '../format';
import { everyDay, rangeTotals } from '../usage/daily-usage';
import { defaultRange, withFrom, withTo } from '../usage/date-range';
import { UsageTable } from './UsageTable';
import { DASHBOARD_REFRESH } from '../refresh';

const UsageChart = lazy(() => import('../usage/UsageChart'));

/** The dashboard's "Daily Usage" section: a date range and the chart of lookups per day. */
export function DailyUsageCard() {
  const today = utcDate(new Date());
  const [range, setRange] = useState(() => defaultRange(today));
  const { data, error, isLoading, isFetching } = useUsageChartDataQuery(
    {
      startDate: range.from,
      endDate: range.to,
    },
    DASHBOARD_REFRESH,
  );
  const days = useMemo(() => everyDay(data?.data ?? [], range.from, range.to), [data, range]);
  const totals = rangeTotals(days);
  const summary = `${formatCount(totals.successful)} successful, ${formatCount(totals.failed)} failed in this range`;

  return (
    <Card title="Daily Usage" className="usage-chart-card">
      <div className="date-range">
        <TextField
          label="From"
          type="date"
          min={EARLIEST_USAGE_DATE}
          max={range.to}
          value={range.from}
          onChange={(e) => setRange((r) => withFrom(r, e.target.value))}
        />
        <TextField
          label="To"
          type="date"
          min={range.from}
          max={today}
          value={range.to}
          onChange={(e) => setRange((r) => withTo(r, e.target.value, today))}
        />
      </div>
      {error ? (
        <Alert kind="error">{serverErrorText(error) ?? 'Failed to fetch usage data'}</Alert>
      ) : isLoading ? (
        <Spinner label="Loading usage data..." />
      ) : totals.successful + totals.failed === 0 ? (
        <p className="muted">No usage data available for the selected date range.</p>
      ) : (
        <div aria-busy={isFetching}>
          <p className="muted small" data-testid="usage-summary">
            {summary}
          </p>
          <Suspense fallback={<Spinner label="Loading chart..." />}>
            <UsageChart days={days} summary={summary} />
          </Suspense>
          <UsageTable days={days} />
        </div>
      )}
    </Card>
  );
}
