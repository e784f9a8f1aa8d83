import type { PaymentType } from '@domain/credits/pricing';

interface Props {
  value: PaymentType;
  onChange: (value: PaymentType) => void;
}

const OPTIONS: { value: PaymentType; label: string }[] = [
  { value: 'oneTime', label: 'One-Time Purchase' },
  { value: 'monthly', label: 'Monthly Subscription' },
];

export function PaymentTypeToggle({ value, onChange }: Props) {
  return (
    <div className="payment-toggle" role="group" aria-label="Payment type">
      {OPTIONS.map((o) => (
        <button
          key={o.value}
          type="button"
          className={o.value === value ? 'payment-toggle-option active' : 'payment-toggle-option'}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
          {o.value === 'monthly' && <span className="badge badge-success payment-toggle-save">Save 20%</span>}
        </button>
      ))}
    </div>
  );
}
