import { useMemo, useState } from 'react';
import { userStatus, type UserStatus } from '../../../../../domain/admin/rules';
import { Card } from '../../../ui';
import { GREEN, GREY, hourlyBarColour, ORANGE, RED } from '../lib/colours';
import { ago, date } from '../lib/format';
import type { UserOverview } from '../types';
import { CreditHistoryModal } from './CreditHistoryModal';
import { Badge } from './Stat';

type SortField = 'createdAt' | 'credits' | 'totalLookups' | 'successRate' | 'lastActivity';

const SORT_FIELDS: [SortField, string][] = [
  ['createdAt', 'Created Date'],
  ['credits', 'Credits'],
  ['totalLookups', 'Total Lookups'],
  ['successRate', 'Success Rate'],
  ['lastActivity', 'Last Activity'],
];

const STATUS_COLOURS: Record<UserStatus, string> = {
  Active: GREEN,
  'No Credits': RED,
  'Low Credits': ORANGE,
  Inactive: GREY,
};

function sortValue(u: UserOverview, field: SortField): number {
  if (field === 'createdAt') return Date.parse(u.createdAt);
  if (field === 'lastActivity') return u.lastActivity ? Date.parse(u.lastActivity) : 0;
  return u[field];
}

export function UsersTab({ users }: { users: UserOverview[] }) {
  const [search, setSearch] = useState('');
  const [field, setField] = useState<SortField>('createdAt');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [opened, setOpened] = useState<UserOverview | null>(null);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const sign = direction === 'asc' ? 1 : -1;
    return users
      .filter((u) => u.email.toLowerCase().includes(needle))
      .sort((a, b) => sign * (sortValue(a, field) - sortValue(b, field)));
  }, [users, search, field, direction]);
  return (
    <Card title="User Management">
      <div className="admin-filters">
        <label>
          Search by e-mail
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={320} />
        </label>
        <label>
          Sort by
          <select value={field} onChange={(e) => setField(e.target.value as SortField)}>
            {SORT_FIELDS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Order
          <select value={direction} onChange={(e) => setDirection(e.target.value as 'asc' | 'desc')}>
            <option value="asc">Ascending</option>
            <option value="desc">Descending</option>
          </select>
        </label>
      </div>
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
            {shown.map((u) => {
              const status = userStatus(u);
              return (
                <tr
                  key={u.id}
                  className="admin-row-link"
                  tabIndex={0}
                  onClick={() => setOpened(u)}
                  onKeyDown={(e) => e.key === 'Enter' && setOpened(u)}
                  title="Open the credit audit trail"
                >
                  <td>
                    <div>{u.email}</div>
                    <span className="admin-tag">{u.referralType}</span>{' '}
                    <span className="muted small">joined {date(u.createdAt)}</span>
                  </td>
                  <td>
                    {u.credits}
                    {u.creditThreshold !== null && (
                      <div className="muted small">Threshold: {u.creditThreshold}</div>
                    )}
                  </td>
                  <td>
                    <div>{u.totalLookups} total</div>
                    <div className="muted small">
                      {u.lookups24h} today · {u.lookups7d} this week
                    </div>
                  </td>
                  <td>
                    <div className="admin-bar" aria-label={`${u.successRate}%`}>
                      <span
                        style={{ width: `${u.successRate}%`, background: hourlyBarColour(u.successRate) }}
                      />
                    </div>
                    <span className="small">{u.successRate}%</span>
                  </td>
                  <td>{ago(u.lastActivity)}</td>
                  <td>
                    <Badge colour={STATUS_COLOURS[status]}>{status}</Badge>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {opened && <CreditHistoryModal user={opened} onClose={() => setOpened(null)} />}
    </Card>
  );
}
