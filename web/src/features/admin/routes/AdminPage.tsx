import { useState, type ReactNode } from 'react';
import { useSession } from '../../../lib/session';
import { Alert, Button, Email, Page } from '../../../ui';
import { useAdminDashboardQuery } from '../api';
import { ActivityTab } from '../components/ActivityTab';
import { AnalyticsTab } from '../components/AnalyticsTab';
import { BackfillsTab } from '../components/BackfillsTab';
import { ConfigurationTab } from '../components/ConfigurationTab';
import { LogsTab } from '../components/LogsTab';
import { OverviewTab } from '../components/OverviewTab';
import { UsersTab } from '../components/UsersTab';
import { ADMIN_REFRESH_MS } from '../lib/refresh';
import '../admin.css';

const TABS = [
  ['overview', 'Overview'],
  ['activity', 'Live Activity'],
  ['users', 'Users'],
  ['analytics', 'Analytics'],
  ['configuration', 'Configuration'],
  ['logs', 'Logs'],
  ['backfills', 'Backfills'],
] as const;
type Tab = (typeof TABS)[number][0];

/** The tabs whose choices (search, sort, filters) the admin would lose by looking at another tab. */
const KEPT_TABS: readonly Tab[] = ['users', 'logs'];

export function AdminPage() {
  const { user } = useSession();
  const [tab, setTab] = useState<Tab>('overview');
  const [kept, setKept] = useState<ReadonlySet<Tab>>(() => new Set());
  const open = (id: Tab) => {
    setTab(id);
    if (KEPT_TABS.includes(id)) setKept((opened) => new Set(opened).add(id));
  };
  /** A kept tab stays mounted, hidden, once opened: its search, sort and filters survive a visit elsewhere. */
  const keptPanel = (id: Tab, panel: ReactNode) =>
    (tab === id || kept.has(id)) && <div hidden={tab !== id}>{panel}</div>;
  const { data, isLoading, isError, refetch } = useAdminDashboardQuery(undefined, {
    pollingInterval: ADMIN_REFRESH_MS,
    refetchOnMountOrArgChange: true,
  });
  const header = (
    <div className="admin-header">
      <span>
        Welcome, <Email address={user?.email ?? ''} />
      </span>
      <span className="admin-live" aria-live="polite">
        <span className="admin-live-dot" /> Auto-refreshing
      </span>
    </div>
  );
  if (isLoading)
    return (
      <Page title="Admin Dashboard">
        {header}
        <p>Loading admin dashboard...</p>
      </Page>
    );
  if (!data)
    return (
      <Page title="Admin Dashboard">
        {header}
        {isError && (
          <Alert kind="error">
            <p>Failed to fetch admin dashboard data</p>
            <Button onClick={() => void refetch()}>Retry</Button>
          </Alert>
        )}
      </Page>
    );
  return (
    <Page title="Admin Dashboard">
      {header}
      {isError && <Alert kind="error">Failed to fetch admin dashboard data</Alert>}
      <div className="admin-tabs" role="tablist">
        {TABS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={tab === id ? 'admin-tab active' : 'admin-tab'}
            onClick={() => open(id)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'overview' && <OverviewTab data={data} onRefresh={() => void refetch()} />}
        {tab === 'activity' && <ActivityTab items={data.recentActivity} />}
        {keptPanel('users', <UsersTab firstPage={data.userOverview} />)}
        {tab === 'analytics' && <AnalyticsTab data={data} />}
        {tab === 'configuration' && <ConfigurationTab report={data.propertyConfigurationReport} />}
        {keptPanel('logs', <LogsTab />)}
        {tab === 'backfills' && <BackfillsTab />}
      </div>
    </Page>
  );
}
