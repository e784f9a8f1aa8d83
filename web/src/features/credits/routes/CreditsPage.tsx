import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { PaymentType } from '@domain/credits/pricing';
import { paths } from '../../../app/paths';
import { useBillingPortal, useSubscriptionStatusQuery } from '../../../lib/billing';
import { Alert, Button, Card, Page, withFlash } from '../../../ui';
import { useCheckout } from '../checkout';
import { CreditsFaq } from '../components/CreditsFaq';
import { CurrentPlan } from '../components/CurrentPlan';
import { CustomAmount } from '../components/CustomAmount';
import { PackageGrid } from '../components/PackageGrid';
import { PaymentTypeToggle } from '../components/PaymentTypeToggle';

export const CHECKOUT_CANCELLED = 'Checkout cancelled: nothing was charged';

/** The payment type a cancelled checkout brings back in the address (?payment_type=), else Monthly. */
const chosenPaymentType = (params: URLSearchParams): PaymentType =>
  params.get('payment_type') === 'oneTime' ? 'oneTime' : 'monthly';

export function CreditsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [paymentType, setPaymentType] = useState<PaymentType>(() => chosenPaymentType(params));
  const cancelled = params.get('checkout') === 'cancelled';
  // The return from a cancelled checkout says so once; the flags leave the address.
  useEffect(() => {
    if (cancelled) navigate({ search: '' }, withFlash(CHECKOUT_CANCELLED, { replace: true }));
  }, [cancelled, navigate]);
  const checkout = useCheckout();
  const plan = useSubscriptionStatusQuery().data?.plan ?? null;
  const portal = useBillingPortal();
  const [changingPlan, setChangingPlan] = useState(false);
  // One subscription at a time: choosing another monthly plan while one is active changes it.
  const buy = (offer: { packageId: string } | { customCredits: number }) => {
    if (plan && paymentType === 'monthly') return setChangingPlan(true);
    void checkout.start({ ...offer, paymentType });
  };
  return (
    <Page
      title="Credits"
      heading="Buy Credits"
      intro="One credit per successful lookup. Credits never expire."
    >
      <Alert kind="info">
        Want credits topped up automatically when your balance runs low?{' '}
        <Link to={paths.support}>Contact support</Link> to set up auto top-up.
      </Alert>
      <div className="payment-toggle-wrap">
        <PaymentTypeToggle value={paymentType} onChange={setPaymentType} />
      </div>
      <CurrentPlan />
      {checkout.error && <Alert kind="error">{checkout.error}</Alert>}
      {changingPlan && plan && paymentType === 'monthly' && (
        <Alert kind="info">
          You already subscribe to {plan.name}. To switch to another plan, change it in the billing portal:
          Stripe prorates the difference, and you keep one subscription.{' '}
          <Button variant="secondary" onClick={() => void portal.open()} disabled={portal.opening}>
            {portal.opening ? 'Opening...' : 'Change plan in the billing portal'}
          </Button>
        </Alert>
      )}
      {portal.error && <Alert kind="error">{portal.error}</Alert>}
      <PackageGrid
        paymentType={paymentType}
        signedIn
        pending={checkout.pending}
        onBuy={(packageId) => buy({ packageId })}
        plan={plan}
        onManage={() => void portal.open()}
        managing={portal.opening}
      />
      <div className="stack">
        <CustomAmount
          paymentType={paymentType}
          pending={checkout.pending}
          onBuy={(customCredits) => buy({ customCredits })}
        />
        <CreditsFaq />
        <Card className="guarantee">
          <h2 className="card-title">Our guarantee</h2>
          <p>
            You pay only for results: a lookup that fails is never charged, and credits never expire. If
            something is not right, <Link to={paths.support}>tell us</Link> and we will make it right.
          </p>
        </Card>
      </div>
    </Page>
  );
}
