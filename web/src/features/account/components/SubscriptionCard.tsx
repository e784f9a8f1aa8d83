import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert, Button, Card } from '../../../ui';
import { useBillingPortal, useSubscriptionStatusQuery } from '../../../lib/billing';

export function SubscriptionCard() {
  const { data, isLoading, isError } = useSubscriptionStatusQuery();
  const { open: manage, opening, error } = useBillingPortal();
  const active = data?.hasActiveSubscription === true;

  return (
    <Card title="Subscription">
      {isError && <Alert kind="error">The subscription status could not be loaded.</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      <p>
        Status:{' '}
        {isLoading ? (
          '…'
        ) : (
          <span className={active ? 'badge badge-success' : 'badge badge-muted'}>
            {active ? 'Active' : 'Inactive'}
          </span>
        )}
      </p>
      <p className="muted small">
        {active
          ? 'Your monthly credits are added automatically. Change your plan, payment method or cancel in the billing portal.'
          : 'You have no active subscription. A monthly plan adds credits automatically and costs 20% less.'}
      </p>
      <div className="button-row">
        <Button variant="secondary" onClick={() => void manage()} disabled={!active || opening}>
          {opening ? 'Opening...' : 'Manage Subscription'}
        </Button>
        {!active && !isLoading && <Link to={paths.credits}>View subscription plans</Link>}
      </div>
    </Card>
  );
}
