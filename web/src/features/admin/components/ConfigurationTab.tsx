import { CONFIG_STATUS_LABELS } from '@domain/admin/rules';
import { Card, Email } from '../../../ui';
import { useAdminUserConfigurationsQuery } from '../api';
import { date } from '../lib/format';
import { ADMIN_REFRESH_MS } from '../lib/refresh';
import { usePagedSearch } from '../lib/use-paged-search';
import type { DashboardAnswer } from '@api/admin/contract';
import { Pager } from './Pager';
import { StatsCard } from './Stat';
import { EmailSearch } from './EmailSearch';
import { RetryAlert } from './RetryAlert';

export function ConfigurationTab({ report }: { report: DashboardAnswer['propertyConfigurationReport'] }) {
  const paging = usePagedSearch();
  const { needle, limit, offset } = paging;
  const { data, isError, isFetching, refetch } = useAdminUserConfigurationsQuery(
    { search: needle, limit, offset },
    { pollingInterval: ADMIN_REFRESH_MS },
  );
  const rows =
    data?.user_details ?? (needle === '' && offset === 0 ? report.user_details.slice(0, limit) : []);
  return (
    <div className="stack">
      <StatsCard
        title="Property Configuration Overview"
        stats={[
          ['No Properties Configured', report.users_no_config],
          ['Contact Properties Only', report.users_contact_only],
          ['Company Properties Only', report.users_company_only],
          ['Fully Configured', report.users_fully_configured],
        ]}
      />
      <StatsCard
        title="Connection Status"
        stats={[
          ['Total Users with Connections', report.total_users_with_connections],
          ['Users Not Connected', report.users_not_connected],
        ]}
      />
      <Card title="User Configuration Details">
        <EmailSearch search={paging.search} setSearch={paging.setSearch} fetching={isFetching} />
        {isError && <RetryAlert onRetry={refetch}>Failed to load the configuration details</RetryAlert>}
        {rows.length === 0 ? (
          <p className="muted">{needle ? `No connected users match "${needle}"` : 'No connected users'}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>User</th>
                  <th>Contact Config</th>
                  <th>Company Config</th>
                  <th>Status</th>
                  <th>Connected Portals</th>
                  <th>Joined</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((u) => (
                  <tr key={u.email}>
                    <td data-label="User" className="admin-email">
                      <Email address={u.email} />
                    </td>
                    <td data-label="Contact Config">{u.has_contact_config ? 'Yes' : 'No'}</td>
                    <td data-label="Company Config">{u.has_company_config ? 'Yes' : 'No'}</td>
                    <td data-label="Status">{CONFIG_STATUS_LABELS[u.config_status]}</td>
                    <td data-label="Connected Portals">{u.connected_portals}</td>
                    <td data-label="Joined">{date(u.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && <Pager paging={paging} total={data.total} noun="connected user" />}
      </Card>
    </div>
  );
}
