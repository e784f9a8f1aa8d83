import { CONFIG_STATUS_LABELS } from '@domain/admin/rules';
import { Card, Email } from '../../../ui';
import { useAdminUserConfigurationsQuery } from '../api';
import { date } from '../lib/format';
import { ADMIN_REFRESH_MS } from '../lib/refresh';
import { usePagedSearch } from '../lib/use-paged-search';
import type { DashboardAnswer } from '@api/admin/contract';
import { Pager } from './Pager';
import { Stat } from './Stat';
import { RetryAlert } from './RetryAlert';

export function ConfigurationTab({ report }: { report: DashboardAnswer['propertyConfigurationReport'] }) {
  const { search, needle, limit, offset, setOffset, setSearch, setLimit } = usePagedSearch();
  const { data, isError, isFetching, refetch } = useAdminUserConfigurationsQuery(
    { search: needle, limit, offset },
    { pollingInterval: ADMIN_REFRESH_MS },
  );
  const rows =
    data?.user_details ?? (needle === '' && offset === 0 ? report.user_details.slice(0, limit) : []);
  return (
    <div className="stack">
      <Card title="Property Configuration Overview">
        <div className="admin-cards">
          <Stat label="No Properties Configured" value={report.users_no_config} />
          <Stat label="Contact Properties Only" value={report.users_contact_only} />
          <Stat label="Company Properties Only" value={report.users_company_only} />
          <Stat label="Fully Configured" value={report.users_fully_configured} />
        </div>
      </Card>
      <Card title="Connection Status">
        <div className="admin-cards">
          <Stat label="Total Users with Connections" value={report.total_users_with_connections} />
          <Stat label="Users Not Connected" value={report.users_not_connected} />
        </div>
      </Card>
      <Card title="User Configuration Details">
        <div className="admin-filters">
          <label>
            Search by e-mail
            <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={320} />
          </label>
          {isFetching && <span className="muted small">Loading users...</span>}
        </div>
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
        {data && (
          <Pager
            offset={offset}
            limit={limit}
            total={data.total}
            noun="connected user"
            onOffset={setOffset}
            onLimit={setLimit}
          />
        )}
      </Card>
    </div>
  );
}
