import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PaymentType } from '../../../../../domain/credits/pricing';
import { paths } from '../../../app/paths';
import { Alert, Card, Page } from '../../../ui';
import { useCheckout } from '../checkout';
import { CreditsFaq } from '../components/CreditsFaq';
import { CustomAmount } from '../components/CustomAmount';
import { PackageGrid } from '../components/PackageGrid';
import { PaymentTypeToggle } from '../components/PaymentTypeToggle';

export function CreditsPage() {
  const [paymentType, setPaymentType] = useState<PaymentType>('monthly');
  const checkout = useCheckout();
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
      {checkout.error && <Alert kind="error">{checkout.error}</Alert>}
      <PackageGrid
        paymentType={paymentType}
        signedIn
        pending={checkout.pending}
        onBuy={(packageId) => void checkout.start({ packageId, paymentType })}
      />
      <div className="stack">
        <CustomAmount
          paymentType={paymentType}
          pending={checkout.pending}
          onBuy={(customCredits) => void checkout.start({ customCredits, paymentType })}
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
