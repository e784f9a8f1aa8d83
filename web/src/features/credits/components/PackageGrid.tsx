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
import { countOf } from '../../../lib/plural';

/** The monthly plan a signed-in user holds, as the subscription status answers it. */
interface HeldPlan {
  credits: number;
  amountCents: number;
}

interface Props {
  paymentType: PaymentType;
  signedIn: boolean;
  pending?: PendingOffer;
  onBuy?: (packageId: CreditPackage['id']) => void;
  /** The user's plan: its package is marked "Your plan" and offers Manage Subscription instead of Subscribe. */
  plan?: HeldPlan | null;
  onManage?: () => void;
  managing?: boolean;
  /** The packs' heading level: 2 right under the page's h1 (/pricing), 3 under a section's h2. */
  headingLevel?: 2 | 3;
}

const isPlanOf = (plan: HeldPlan | null, pkg: CreditPackage) =>
  plan !== null && plan.credits === pkg.credits && plan.amountCents === priceCents(pkg, 'monthly');

const perCredit = (cents: number, credits: number) => `${(cents / credits).toFixed(1)}¢ per credit`;

/** The four packages; signed-out visitors get Get Started, signed-in users Purchase or Subscribe. */
export function PackageGrid({
  paymentType,
  signedIn,
  pending = null,
  onBuy,
  plan = null,
  onManage,
  managing = false,
  headingLevel = 3,
}: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const monthly = paymentType === 'monthly';
  return (
    <ul className="package-grid">
      {PACKAGES.map((pkg) => {
        const price = priceCents(pkg, paymentType);
        const save = savings(pkg);
        // The same emphasis signed in or out: the popular package leads, the others follow.
        const variant = pkg.popular ? 'primary' : 'secondary';
        const name = pkg.name.replace(' (Most Popular)', '');
        const held = signedIn && isPlanOf(plan, pkg);
        const classes = ['package-card', pkg.popular ? 'popular' : '', held ? 'current' : ''];
        return (
          <li key={pkg.id} className={classes.filter(Boolean).join(' ')}>
            {pkg.popular && <span className="package-ribbon">Most Popular</span>}
            {held && <span className="badge badge-success package-current">Your plan</span>}
            <Heading className="package-name">{name}</Heading>
            <p className="package-credits">{countOf(pkg.credits, 'credit')}</p>
            <p className="package-price">
              {formatDollars(price)}
              {monthly && <span className="package-period">/month</span>}
            </p>
            <p className="muted small">{perCredit(price, pkg.credits)}</p>
            <p className={monthly ? 'badge badge-success savings-badge' : 'badge badge-muted savings-badge'}>
              {monthly
                ? `Save ${save.percent}% · ${formatDollars(save.cents)}/mo`
                : `Save ${save.percent}% with monthly`}
            </p>
            {held && monthly ? (
              <Button className="btn-block" variant="secondary" disabled={managing} onClick={onManage}>
                {managing ? 'Opening...' : 'Manage Subscription'}
              </Button>
            ) : signedIn ? (
              <Button
                className="btn-block"
                variant={variant}
                disabled={pending !== null}
                onClick={() => onBuy?.(pkg.id)}
                // The visible word is the same on every card; a screen reader hears which pack it buys.
                aria-label={monthly ? `Subscribe to the ${name}` : `Purchase the ${name}`}
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
