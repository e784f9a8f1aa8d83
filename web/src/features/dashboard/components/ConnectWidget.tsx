import { Alert, Button, Spinner } from '../../../ui';
import { useHubspotInstallUrlQuery } from '../connections-api';

/** Loading, then a "Connect to HubSpot" link that opens HubSpot's consent in a new tab; or the error with Try Again. */
export function ConnectWidget() {
  const { data, isLoading, isFetching, error, refetch } = useHubspotInstallUrlQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  if (isLoading || (isFetching && !data)) {
    return (
      <div className="connect-widget" aria-busy="true">
        <Spinner />
        <span className="muted">Preparing the HubSpot connection…</span>
      </div>
    );
  }
  if (error || !data) {
    return (
      <div className="connect-widget">
        <Alert kind="error">Failed to fetch HubSpot install URL</Alert>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <div className="connect-widget">
      <a className="btn btn-primary" href={data.installUrl} target="_blank" rel="noopener noreferrer">
        Connect to HubSpot
      </a>
      <span className="muted small">Opens HubSpot in a new tab; come back here when it is done.</span>
    </div>
  );
}
