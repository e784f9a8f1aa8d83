import { useState } from 'react';
import { paths } from '../../../app/paths';
import { api, useApiDispatch } from '../../../lib/api';
import { serverErrorText } from '../../../lib/errors';
import { Alert, Button, Card, LinkButton } from '../../../ui';
import { useCreditBalanceQuery } from '../../../lib/billing';
import { formatNumber } from '../../../lib/plural';
import { DASHBOARD_REFRESH } from '../refresh';

/** Invalidates the dashboard's reads (balance, usage card, chart) and resolves once they are back. */
function useRefreshDashboard(): { refresh: () => Promise<void>; refreshing: boolean } {
  const dispatch = useApiDispatch();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      dispatch(api.util.invalidateTags(['Balance', 'Usage']));
      await Promise.allSettled(dispatch(api.util.getRunningQueriesThunk()));
    } finally {
      setRefreshing(false);
    }
  };
  return { refresh, refreshing };
}

export function BalanceCard() {
  const { data, error, isLoading } = useCreditBalanceQuery(undefined, DASHBOARD_REFRESH);
  const { refresh, refreshing } = useRefreshDashboard();
  const [refreshed, setRefreshed] = useState(false);

  return (
    <Card
      title="Credit Balance"
      actions={
        <Button
          variant="ghost"
          onClick={() => {
            setRefreshed(false);
            void refresh().then(() => setRefreshed(true));
          }}
          disabled={refreshing}
          aria-label="Refresh dashboard data"
        >
          {refreshing ? 'Refreshing...' : '↻ Refresh'}
        </Button>
      }
    >
      {refreshed && <Alert kind="success">Dashboard data refreshed</Alert>}
      {error ? (
        <Alert kind="error">{serverErrorText(error) ?? 'Failed to fetch credit balance'}</Alert>
      ) : (
        <p className="stat">
          <span className="stat-value">{isLoading || !data ? '…' : formatNumber(data.creditBalance)}</span>
          <span className="stat-label">credits available</span>
        </p>
      )}
      <p className="muted small">One credit per successful lookup. Credits never expire.</p>
      <LinkButton to={paths.credits}>Get More Credits</LinkButton>
    </Card>
  );
}
