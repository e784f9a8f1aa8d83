import { useParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert, LinkButton, Page } from '../../../ui';
import { useUnsubscribeCreditsQuery } from '../api';

export function UnsubscribePage() {
  const { token = '' } = useParams();
  const { isLoading, isSuccess } = useUnsubscribeCreditsQuery(token);

  return (
    <Page title="Credit notifications" narrow>
      {isLoading ? (
        <p role="status">Processing...</p>
      ) : isSuccess ? (
        <Alert kind="success">You have been successfully unsubscribed from credit notifications.</Alert>
      ) : (
        <Alert kind="error">Failed to unsubscribe. The link may be invalid or expired.</Alert>
      )}
      {isSuccess && (
        <p className="muted">
          You can turn low-credit notifications back on at any time under Manage Account.
        </p>
      )}
      <LinkButton to={paths.home} variant="secondary">
        Back to Home
      </LinkButton>
    </Page>
  );
}
