import { useId } from 'react';
import type { PropertyOption } from '../api';

export const LOCATION_FIELDS = [
  ['city', 'City'],
  ['state', 'State'],
  ['county', 'County'],
  ['country', 'Country'],
] as const;

export type LocationField = (typeof LOCATION_FIELDS)[number][0];

interface PropertySelectProps {
  label: string;
  value: string;
  options: readonly PropertyOption[];
  onChange: (value: string) => void;
}

/** One location value and the HubSpot property that receives it, or none. */
export function PropertySelect({ label, value, options, onChange }: PropertySelectProps) {
  const id = useId();
  const known = value === '' || options.some((o) => o.name === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Do Not Update with Location Data</option>
        {!known && <option value={value}>{value} (no longer available in HubSpot)</option>}
        {options.map((o) => (
          <option key={o.name} value={o.name}>
            {o.label} ({o.name})
          </option>
        ))}
      </select>
    </div>
  );
}

interface SwitchProps {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function Switch({ label, hint, checked, onChange }: SwitchProps) {
  const id = useId();
  return (
    <div className="switch-field">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
