import { formatDollars } from '@domain/credits/pricing';
import { useBillingPortal, useCreditBalanceQuery, useSubscriptionStatusQuery } from '../../../lib/billing';
import { Alert, Button, Card } from '../../../ui';
import { countOf } from '../../../lib/plural';

/** The balance and the monthly plan the user holds now, with the way to change that plan. */
export function CurrentPlan() {
  const balance = useCreditBalanceQuery();
  const status = useSubscriptionStatusQuery();
  const portal = useBillingPortal();
  const plan = status.data?.plan ?? null;
  return (
    <Card title="Your credits and plan">
      {(balance.isError || status.isError) && (
        <Alert kind="error">Your balance or plan could not be loaded. Please reload the page.</Alert>
      )}
      {portal.error && <Alert kind="error">{portal.error}</Alert>}
      <p>
        Balance: <strong>{balance.data ? countOf(balance.data.creditBalance, 'credit') : '…'}</strong>
      </p>
      <p>
        Plan:{' '}
        <strong>
          {status.isLoading
            ? '…'
            : plan
              ? `${plan.name}, ${formatDollars(plan.amountCents)} a month`
              : 'no monthly plan'}
        </strong>
      </p>
      {plan && (
        <div className="button-row">
          <Button variant="secondary" onClick={() => void portal.open()} disabled={portal.opening}>
            {portal.opening ? 'Opening...' : 'Change plan in the billing portal'}
          </Button>
        </div>
      )}
    </Card>
  );
}
