import { Alert } from '../../../ui';
import { useCreditHistoryQuery } from '../api';
import { dateTime } from '../lib/format';
import type { UserOverview } from '@api/admin/contract';
import { Modal } from './Modal';

/** Every change of the user's balance, newest first, with what caused it. */
export function CreditHistoryModal({ user, onClose }: { user: UserOverview; onClose: () => void }) {
  const { data, isLoading, isError } = useCreditHistoryQuery(user.id, { refetchOnMountOrArgChange: true });
  return (
    <Modal title={`Credit History: ${user.email}`} onClose={onClose}>
      {isLoading && <p>Loading credit history...</p>}
      {isError && <Alert kind="error">Failed to fetch credit history</Alert>}
      {data && (
        <>
          <p>
            Balance: <strong>{data.balance}</strong> credits
          </p>
          {data.entries.length === 0 ? (
            <p className="muted">No credit changes yet</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th>When</th>
                    <th>Change</th>
                    <th>Balance After</th>
                    <th>What</th>
                    <th>Cause</th>
                  </tr>
                </thead>
                <tbody>
                  {[...data.entries].reverse().map((e, i) => (
                    <tr key={i}>
                      <td data-label="When">{dateTime(e.at)}</td>
                      <td data-label="Change" className={e.change < 0 ? 'admin-negative' : 'admin-positive'}>
                        {e.change > 0 ? `+${e.change}` : e.change}
                      </td>
                      <td data-label="Balance After">{e.balanceAfter}</td>
                      <td data-label="What">{e.description}</td>
                      <td className="small" data-label="Cause">
                        {Object.entries(e.cause)
                          .filter(([, v]) => v !== undefined && v !== null)
                          .map(([k, v]) => `${k}: ${String(v)}`)
                          .join(' · ')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
