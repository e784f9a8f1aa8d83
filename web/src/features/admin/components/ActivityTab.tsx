import { countOf } from '../../../lib/plural';
import { Card, Email } from '../../../ui';
import { ago, reasonText } from '../lib/format';
import type { DashboardAnswer } from '@api/admin/contract';
import type { LookupOutcome } from '@domain/lookups/events';

const FEED_CLASS: Record<LookupOutcome, string> = {
  filled: 'ok',
  nothing_to_update: 'unchanged',
  failed: 'failed',
};
const FEED_VERB: Record<LookupOutcome, string> = {
  filled: 'looked up',
  nothing_to_update: 'had nothing to update for',
  failed: 'failed to lookup',
};

export function ActivityTab({ items }: { items: DashboardAnswer['recentActivity'] }) {
  const count = (outcome: string) => items.filter((i) => i.outcome === outcome).length;
  return (
    <Card
      title="Real-Time Activity Feed"
      actions={
        <span className="muted">
          {count('filled')} successful · {count('nothing_to_update')} nothing to update · {count('failed')}{' '}
          failed
        </span>
      }
    >
      {items.length === 0 ? (
        <p className="muted">No recent activity to display</p>
      ) : (
        <ul className="admin-feed">
          {items.map((i) => (
            <li key={i.id} className={FEED_CLASS[i.outcome]}>
              <strong>
                <Email address={i.email} />
              </strong>{' '}
              {FEED_VERB[i.outcome]} <code>{i.zipcode}</code> <span className="muted">by {i.source}</span>{' '}
              <span className="muted">{ago(i.timestamp)}</span>
              {i.outcome === 'failed' && i.reason && (
                <span className="admin-reason"> {reasonText(i.reason)}</span>
              )}
              <span className="muted"> · {countOf(i.userCredits, 'credit')} remaining</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
