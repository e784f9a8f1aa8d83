import { useState } from 'react';
import { CUSTOM_CREDITS, customPriceCents, formatDollars, type PaymentType } from '@domain/credits/pricing';
import { Button, Card } from '../../../ui';
import type { PendingOffer } from '../checkout';
import { countOf, formatNumber } from '../../../lib/plural';

interface Props {
  paymentType: PaymentType;
  pending: PendingOffer;
  onBuy: (credits: number) => void;
}

/** The custom amount slider with its live price, from the same pricing module the server charges by. */
export function CustomAmount({ paymentType, pending, onBuy }: Props) {
  const [credits, setCredits] = useState<number>(CUSTOM_CREDITS.default);
  const monthly = paymentType === 'monthly';
  const price = customPriceCents(credits, paymentType);
  return (
    <Card title="Need more? Choose a custom amount" className="custom-amount">
      <label htmlFor="custom-credits" className="custom-amount-label">
        <strong>{countOf(credits, 'credit')}</strong>
        <span className="custom-amount-price">
          {formatDollars(price)}
          {monthly && <span className="package-period">/month</span>}
        </span>
      </label>
      <input
        id="custom-credits"
        type="range"
        min={CUSTOM_CREDITS.min}
        max={CUSTOM_CREDITS.max}
        step={CUSTOM_CREDITS.step}
        value={credits}
        onChange={(e) => setCredits(Number(e.target.value))}
        aria-valuetext={`${countOf(credits, 'credit')} for ${formatDollars(price)}`}
      />
      <div className="custom-amount-scale muted small">
        <span>{formatNumber(CUSTOM_CREDITS.min)}</span>
        <span>{formatNumber(CUSTOM_CREDITS.max)}</span>
      </div>
      <p className="muted small">
        {`$${((price / 100 / credits) * 1000).toFixed(2)} per 1,000 credits`}
        {monthly ? ', billed monthly until you cancel.' : ', paid once. Credits never expire.'}
      </p>
      <Button disabled={pending !== null} onClick={() => onBuy(credits)}>
        {pending === 'custom'
          ? 'Redirecting...'
          : `${monthly ? 'Subscribe' : 'Purchase'} ${countOf(credits, 'credit')}`}
      </Button>
    </Card>
  );
}
