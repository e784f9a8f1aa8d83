import {
  formatDollars,
  PACKAGES,
  priceCents,
  savings,
  type CreditPackage,
  type PaymentType,
} from '@domain/credits/pricing';
import { paths } from '../../../app/paths';
import { Button, LinkButton } from '../../../ui';
import type { PendingOffer } from '../checkout';
import './credits.css';

interface Props {
  paymentType: PaymentType;
  signedIn: boolean;
  pending?: PendingOffer;
  onBuy?: (packageId: CreditPackage['id']) => void;
}

const perCredit = (cents: number, credits: number) => `${(cents / credits).toFixed(1)}¢ per credit`;

/** The four packages; signed-out visitors get Get Started, signed-in users Purchase or Subscribe. */
export function PackageGrid({ paymentType, signedIn, pending = null, onBuy }: Props) {
  const monthly = paymentType === 'monthly';
  return (
    <ul className="package-grid">
      {PACKAGES.map((pkg) => {
        const price = priceCents(pkg, paymentType);
        const save = savings(pkg);
        // The same emphasis signed in or out: the popular package leads, the others follow.
        const variant = pkg.popular ? 'primary' : 'secondary';
        return (
          <li key={pkg.id} className={pkg.popular ? 'package-card popular' : 'package-card'}>
            {pkg.popular && <span className="package-ribbon">Most Popular</span>}
            <h3 className="package-name">{pkg.name.replace(' (Most Popular)', '')}</h3>
            <p className="package-credits">{pkg.credits.toLocaleString('en-US')} credits</p>
            <p className="package-price">
              {formatDollars(price)}
              {monthly && <span className="package-period">/month</span>}
            </p>
            <p className="muted small">{perCredit(price, pkg.credits)}</p>
            <p className={monthly ? 'savings-badge' : 'savings-badge savings-hint'}>
              {monthly
                ? `Save ${save.percent}% · ${formatDollars(save.cents)}/mo`
                : `Save ${save.percent}% with monthly`}
            </p>
            {signedIn ? (
              <Button
                className="btn-block"
                variant={variant}
                disabled={pending !== null}
                onClick={() => onBuy?.(pkg.id)}
              >
                {pending === pkg.id ? 'Redirecting...' : monthly ? 'Subscribe' : 'Purchase'}
              </Button>
            ) : (
              <LinkButton className="btn-block" variant={variant} to={paths.register}>
                Get Started
              </LinkButton>
            )}
          </li>
        );
      })}
    </ul>
  );
}
