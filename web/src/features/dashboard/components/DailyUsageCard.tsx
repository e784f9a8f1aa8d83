import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { EARLIEST_USAGE_DATE, utcDate } from '@domain/lookups/usage-window';
import { serverErrorText } from '../../../lib/errors';
import { Alert, Card, Spinner, TextField } from '../../../ui';
import { useUsageChartDataQuery } from '../api';
import { formatNumber } from '../../../lib/plural';
import { everyDay, rangeTotals } from '../usage/daily-usage';
import { defaultRange, rangeProblem, withFrom, withTo, type DateRange } from '../usage/date-range';
import { UsageTable } from './UsageTable';
import { DASHBOARD_REFRESH } from '../refresh';

const UsageChart = lazy(() => import('../usage/UsageChart'));

/** Where the chosen range is kept for this tab, so a trip to Configure and back keeps it. */
const STORED_RANGE = 'zipfill.usageRange';

function chosenRange(today: string): DateRange {
  const fallback = defaultRange(today);
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORED_RANGE) ?? 'null') as Partial<DateRange> | null;
    if (typeof stored?.from !== 'string' || typeof stored.to !== 'string') return fallback;
    return withTo(withFrom(fallback, stored.from, today), stored.to, today);
  } catch {
    return fallback; // storage refused or unreadable: the default range
  }
}

/** The dashboard's "Daily Usage" section: a date range and the chart of lookups per day. */
export function DailyUsageCard() {
  const today = utcDate(new Date());
  const [range, setRange] = useState(() => chosenRange(today));
  useEffect(() => {
    try {
      sessionStorage.setItem(STORED_RANGE, JSON.stringify(range));
    } catch {
      // storage refused (private mode): the range lasts as long as the page
    }
  }, [range]);
  const problem = rangeProblem(range);
  const problemId = useId();
  const { data, error, isLoading, isFetching } = useUsageChartDataQuery(
    {
      startDate: range.from,
      endDate: range.to,
    },
    { ...DASHBOARD_REFRESH, skip: problem !== undefined },
  );
  const days = useMemo(() => everyDay(data?.data ?? [], range.from, range.to), [data, range]);
  const totals = rangeTotals(days);
  const summary = `${formatNumber(totals.successful)} successful, ${formatNumber(totals.failed)} failed in this range`;

  return (
    <Card title="Daily Usage" className="usage-chart-card">
      <div className="date-range">
        <TextField
          label="From"
          type="date"
          min={EARLIEST_USAGE_DATE}
          max={today}
          value={range.from}
          aria-invalid={problem !== undefined}
          aria-errormessage={problem ? problemId : undefined}
          onChange={(e) => setRange((r) => withFrom(r, e.target.value, today))}
        />
        <TextField
          label="To"
          type="date"
          min={EARLIEST_USAGE_DATE}
          max={today}
          aria-invalid={problem !== undefined}
          aria-errormessage={problem ? problemId : undefined}
          value={range.to}
          onChange={(e) => setRange((r) => withTo(r, e.target.value, today))}
        />
        {problem && (
          <p id={problemId} className="field-error date-range-problem" role="alert">
            {problem}
          </p>
        )}
      </div>
      {problem ? null : error ? (
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
