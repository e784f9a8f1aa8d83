import { useState } from 'react';
import type { PaymentType } from '@domain/credits/pricing';
import { useSession } from '../../../lib/session';
import { Alert, Page } from '../../../ui';
import { useCheckout } from '../checkout';
import { PackageGrid } from '../components/PackageGrid';
import { PaymentTypeToggle } from '../components/PaymentTypeToggle';

export function PricingPage() {
  const [paymentType, setPaymentType] = useState<PaymentType>('oneTime');
  const { user } = useSession();
  const checkout = useCheckout();
  return (
    <Page
      title="Pricing"
      heading="Simple, credit-based pricing"
      intro="One credit per successful ZIP lookup. Failed lookups are free and credits never expire. New accounts start with 50 free credits."
    >
      <div className="payment-toggle-wrap">
        <PaymentTypeToggle value={paymentType} onChange={setPaymentType} />
      </div>
      {checkout.error && <Alert kind="error">{checkout.error}</Alert>}
      <PackageGrid
        paymentType={paymentType}
        signedIn={user !== null}
        headingLevel={2}
        pending={checkout.pending}
        onBuy={(packageId) => void checkout.start({ packageId, paymentType })}
      />
      <p className="muted small">
        Need between 10,000 and 100,000 credits? Sign up and choose a custom amount on the Credits page.
      </p>
    </Page>
  );
}
