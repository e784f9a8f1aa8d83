import { countOf } from '../../../lib/plural';
import { Card } from '../../../ui';
import { ago, reasonText } from '../lib/format';
import type { DashboardAnswer } from '@api/admin/contract';

export function ActivityTab({ items }: { items: DashboardAnswer['recentActivity'] }) {
  const ok = items.filter((i) => i.successful).length;
  return (
    <Card
      title="Real-Time Activity Feed"
      actions={
        <span className="muted">
          {ok} successful · {items.length - ok} failed
        </span>
      }
    >
      {items.length === 0 ? (
        <p className="muted">No recent activity to display</p>
      ) : (
        <ul className="admin-feed">
          {items.map((i) => (
            <li key={i.id} className={i.successful ? 'ok' : 'failed'}>
              <strong>{i.email}</strong> {i.successful ? 'looked up' : 'failed to lookup'}{' '}
              <code>{i.zipcode}</code> <span className="muted">by {i.source}</span>{' '}
              <span className="muted">{ago(i.timestamp)}</span>
              {!i.successful && i.reason && <span className="admin-reason"> {reasonText(i.reason)}</span>}
              <span className="muted"> · {countOf(i.userCredits, 'credit')} remaining</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
