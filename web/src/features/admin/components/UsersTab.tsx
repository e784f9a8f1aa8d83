import { useState } from 'react';
import { DEFAULT_USER_SORT, userStatus, type UserSortField, type UserStatus } from '@domain/admin/rules';
import { Card, Email } from '../../../ui';
import { useAdminUsersQuery } from '../api';
import { GREEN, GREY, hourlyBarColour, ORANGE, RED } from '../lib/colours';
import { ago, date, NO_LOOKUPS_YET, rate } from '../lib/format';
import { ADMIN_REFRESH_MS } from '../lib/refresh';
import { usePagedSearch } from '../lib/use-paged-search';
import type { UserOverview } from '@api/admin/contract';
import { CreditHistoryModal } from './CreditHistoryModal';
import { EmailSearch } from './EmailSearch';
import { Pager } from './Pager';
import { Badge } from './Stat';
import { RetryAlert } from './RetryAlert';
import { formatNumber } from '../../../lib/plural';

const SORT_FIELDS: [UserSortField, string][] = [
  ['createdAt', 'Created Date'],
  ['credits', 'Credits'],
  ['totalLookups', 'Total Lookups'],
  ['successRate', 'Success Rate'],
  ['lastActivity', 'Last Activity'],
];

const STATUS_COLOURS: Record<UserStatus, string> = {
  Deleted: GREY,
  Active: GREEN,
  'No Credits': RED,
  'Low Credits': ORANGE,
  Inactive: GREY,
};

/**
 * The User Management table. The server searches, sorts and pages, so it stays quick with
 * thousands of accounts; until the first page arrives, the dashboard's own first page is shown.
 */
export function UsersTab({ firstPage }: { firstPage: UserOverview[] }) {
  const paging = usePagedSearch();
  const { needle, limit, offset, restart } = paging;
  const [sort, setSort] = useState<UserSortField>(DEFAULT_USER_SORT.field);
  const [direction, setDirection] = useState<'asc' | 'desc'>(DEFAULT_USER_SORT.direction);
  const [opened, setOpened] = useState<UserOverview | null>(null);
  const { data, isError, isFetching, refetch } = useAdminUsersQuery(
    { search: needle, sort, direction, limit, offset },
    { pollingInterval: ADMIN_REFRESH_MS },
  );
  const opening =
    needle === '' &&
    offset === 0 &&
    sort === DEFAULT_USER_SORT.field &&
    direction === DEFAULT_USER_SORT.direction;
  const users = data?.users ?? (opening ? firstPage.slice(0, limit) : []);
  return (
    <Card title="User Management">
      <EmailSearch search={paging.search} setSearch={paging.setSearch} fetching={isFetching}>
        <label>
          Sort by
          <select
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as UserSortField);
              restart();
            }}
          >
            {SORT_FIELDS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Order
          <select
            value={direction}
            onChange={(e) => {
              setDirection(e.target.value as 'asc' | 'desc');
              restart();
            }}
          >
            <option value="asc">Ascending</option>
            <option value="desc">Descending</option>
          </select>
        </label>
      </EmailSearch>
      {isError && <RetryAlert onRetry={refetch}>Failed to load users</RetryAlert>}
      {data && users.length === 0 ? (
        <p className="muted">{needle ? `No users match "${needle}"` : 'No users yet'}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th>User</th>
                <th>Credits</th>
                <th>Activity</th>
                <th>Success Rate</th>
                <th>Last Seen</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <UserRow key={u.id} user={u} onOpen={() => setOpened(u)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager paging={paging} total={data.total} noun="user" />}
      {opened && <CreditHistoryModal user={opened} onClose={() => setOpened(null)} />}
    </Card>
  );
}

function UserRow({ user: u, onOpen }: { user: UserOverview; onOpen: () => void }) {
  const status = userStatus(u);
  return (
    // The whole row opens the trail for a mouse; the e-mail is its button for keyboards and readers.
    <tr className="admin-row-link" onClick={onOpen}>
      <td data-label="User">
        <button
          type="button"
          className="admin-row-open"
          onClick={(e) => {
            e.stopPropagation();
            onOpen();
          }}
          aria-label={`${u.email}: open the credit history`}
        >
          <Email address={u.email} />
          <span aria-hidden="true" className="admin-row-chevron">
            ›
          </span>
        </button>
        <div>
          <span className="admin-tag">{u.referralType}</span>{' '}
          <span className="muted small">joined {date(u.createdAt)}</span>
        </div>
      </td>
      <td data-label="Credits">
        {formatNumber(u.credits)}
        {u.creditThreshold !== null && (
          <div className="muted small">Threshold: {formatNumber(u.creditThreshold)}</div>
        )}
      </td>
      <td data-label="Activity">
        <div>{formatNumber(u.totalLookups)} total</div>
        <div className="muted small">
          {formatNumber(u.lookups24h)} today · {formatNumber(u.lookups7d)} this week
        </div>
      </td>
      <td data-label="Success Rate">
        {u.totalLookups === 0 ? (
          <span className="muted" title={NO_LOOKUPS_YET}>
            {rate(u.successRate, u.totalLookups)}
          </span>
        ) : (
          <>
            <span className="admin-bar" aria-hidden="true">
              <span style={{ width: `${u.successRate}%`, background: hourlyBarColour(u.successRate) }} />
            </span>{' '}
            <span className="small">{u.successRate}%</span>
          </>
        )}
      </td>
      <td data-label="Last Seen">{u.deleted ? '—' : ago(u.lastActivity)}</td>
      <td data-label="Status">
        <Badge colour={STATUS_COLOURS[status]}>{status}</Badge>
      </td>
    </tr>
  );
}
