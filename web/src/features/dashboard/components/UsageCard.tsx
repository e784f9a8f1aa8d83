import { serverErrorText } from '../../../lib/errors';
import { Alert, Card } from '../../../ui';
import { useCreditUsageStatsQuery } from '../api';
import { formatNumber } from '../../../lib/plural';
import { DASHBOARD_REFRESH } from '../refresh';
import { ZipDataAge } from '../../../ui/ZipDataAge';

export function UsageCard() {
  const { data, error, isLoading } = useCreditUsageStatsQuery(undefined, DASHBOARD_REFRESH);
  const show = (value: number | undefined) => (isLoading || value === undefined ? '…' : formatNumber(value));

  return (
    <Card title="Your Usage">
      {error ? (
        <Alert kind="error">{serverErrorText(error) ?? 'Failed to fetch usage data'}</Alert>
      ) : (
        <div className="stat-row">
          <p className="stat">
            <span className="stat-value stat-success">{show(data?.creditsUsed)}</span>
            <span className="stat-label">Successful lookups</span>
          </p>
          <p className="stat">
            <span className="stat-value">{show(data?.nothingToUpdate)}</span>
            <span className="stat-label">Nothing to update</span>
          </p>
          <p className="stat">
            <span className="stat-value stat-danger">{show(data?.failedAttempts)}</span>
            <span className="stat-label">Failed attempts</span>
          </p>
        </div>
      )}
      <p className="muted small">
        Failed attempts are not charged against your credit balance. Nothing to update means the record
        already held what its ZIP code gives, or values a person entered: not charged either, and not a
        failure.
      </p>
      <ZipDataAge />
    </Card>
  );
}
