import { useState } from 'react';
import { countOf } from '../../../lib/plural';
import { Button, Card } from '../../../ui';
import { useAdminLogsQuery } from '../api';
import { levelColour } from '../lib/colours';
import type { LogEntry, Period } from '@api/log-viewer/contract';
import type { LogFilters } from '../types';
import { LogDetailsModal, TimelineModal } from './LogModals';
import { LogList } from './LogList';
import { LogStatsCard } from './LogStatsCard';
import { PageSize, Pagination } from './Pager';
import { RetryAlert } from './RetryAlert';

const EMPTY_FILTERS: LogFilters = {
  level: '',
  search: '',
  startDate: '',
  endDate: '',
  userId: '',
  requestId: '',
  sourceFile: '',
  lookupOnly: true,
  groupByRequest: true,
  limit: 50,
  offset: 0,
};

/** The auto-refresh interval, never under 5 nor over 300 seconds. */
export const clampInterval = (seconds: number) =>
  Math.min(300, Math.max(5, Number.isFinite(seconds) ? seconds : 30));

export function LogsTab() {
  const [period, setPeriod] = useState<Period>('24h');
  const [filters, setFilters] = useState<LogFilters>(EMPTY_FILTERS);
  const [view, setView] = useState<'table' | 'cards'>('table');
  const [autoRefresh, setAutoRefresh] = useState(false);
  const [interval, setIntervalSeconds] = useState(30);
  const [details, setDetails] = useState<LogEntry | null>(null);
  const [timeline, setTimeline] = useState<string | null>(null);
  const { data, isError, isFetching, refetch } = useAdminLogsQuery(filters, {
    pollingInterval: autoRefresh ? clampInterval(interval) * 1000 : 0,
    refetchOnMountOrArgChange: true,
  });
  const set = (change: Partial<LogFilters>) => setFilters((f) => ({ ...f, offset: 0, ...change }));
  const text = (name: keyof LogFilters, label: string, type = 'text') => (
    <label>
      {label}
      <input
        type={type}
        value={String(filters[name])}
        maxLength={200}
        onChange={(e) => set({ [name]: e.target.value } as Partial<LogFilters>)}
      />
    </label>
  );
  const total = data?.pagination.total ?? 0;
  return (
    <div className="stack">
      <LogStatsCard period={period} onPeriod={setPeriod} />
      <Card title="Logs">
        <div className="admin-filters">
          <label>
            Level
            <select value={filters.level} onChange={(e) => set({ level: e.target.value })}>
              <option value="">All levels</option>
              {['error', 'warn', 'info', 'debug'].map((l) => (
                <option key={l} value={l} style={{ color: levelColour(l) }}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          {text('search', 'Search')}
          {text('startDate', 'Start date', 'date')}
          {text('endDate', 'End date', 'date')}
          {text('userId', 'User ID')}
          {text('requestId', 'Request ID')}
          {text('sourceFile', 'Source file')}
          <label className="admin-check">
            <input
              type="checkbox"
              checked={filters.lookupOnly}
              onChange={(e) => set({ lookupOnly: e.target.checked })}
            />
            Lookups only
          </label>
          <label className="admin-check">
            <input
              type="checkbox"
              checked={filters.groupByRequest}
              onChange={(e) => set({ groupByRequest: e.target.checked })}
            />
            Group by request
          </label>
          <Button variant="ghost" onClick={() => setFilters(EMPTY_FILTERS)}>
            Clear filters
          </Button>
        </div>
        <div className="admin-filters">
          <label>
            View
            <select value={view} onChange={(e) => setView(e.target.value as 'table' | 'cards')}>
              <option value="table">Table</option>
              <option value="cards">Cards</option>
            </select>
          </label>
          <PageSize label="Page size" value={filters.limit} onChange={(limit) => set({ limit })} />
          <label className="admin-check">
            <input type="checkbox" checked={autoRefresh} onChange={(e) => setAutoRefresh(e.target.checked)} />
            Auto refresh
          </label>
          <label>
            Every (seconds)
            <input
              type="number"
              min={5}
              max={300}
              value={interval}
              onChange={(e) => setIntervalSeconds(Number(e.target.value))}
              onBlur={() => setIntervalSeconds(clampInterval(interval))}
            />
          </label>
          <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
            Refresh
          </Button>
        </div>
        {isError && <RetryAlert onRetry={refetch}>Failed to fetch logs</RetryAlert>}
        {data && data.logs.length === 0 && <p className="muted">No logs found</p>}
        {data && data.logs.length > 0 && (
          <LogList logs={data.logs} view={view} onDetails={setDetails} onTimeline={setTimeline} />
        )}
        <Pagination
          offset={filters.offset}
          limit={filters.limit}
          total={total}
          of={
            data?.grouped
              ? `${countOf(total, 'entry', 'entries')}${data.pagination.totalCapped ? '+' : ''} (grouped by request)`
              : `${countOf(total, 'log')}${data?.pagination.totalCapped ? '+' : ''}`
          }
          last={!data?.pagination.hasMore}
          onOffset={(offset) => setFilters((f) => ({ ...f, offset }))}
        />
      </Card>
      {details && (
        <LogDetailsModal
          entry={details}
          onClose={() => setDetails(null)}
          onTimeline={(id) => {
            setDetails(null);
            setTimeline(id);
          }}
        />
      )}
      {timeline && <TimelineModal requestId={timeline} onClose={() => setTimeline(null)} />}
    </div>
  );
}
