import { useId } from 'react';
import type { WriteMode } from '@domain/portals/config';
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

/** Each write mode's name and what it does, in one plain sentence. */
export const WRITE_MODE_OPTIONS: readonly (readonly [WriteMode, string, string])[] = [
  [
    'keep_entered',
    'Keep what people entered',
    'A value someone typed stays as it is; values ZipFill filled in change with the ZIP code.',
  ],
  ['always_overwrite', 'Always overwrite', 'Every ZIP code change replaces the value, whoever entered it.'],
];

/** The two write modes explained once, above the fields that use them. */
export function WriteModesHelp() {
  return (
    <dl className="write-modes-help">
      {WRITE_MODE_OPTIONS.map(([mode, name, sentence]) => (
        <div key={mode}>
          <dt>{name}</dt>
          <dd>{sentence}</dd>
        </div>
      ))}
    </dl>
  );
}

interface ModeSelectProps {
  /** The field's name as the person sees it, e.g. "City". */
  field: string;
  value: WriteMode;
  disabled?: boolean;
  onChange: (value: WriteMode) => void;
}

/** How a mapped field is written when the record already holds a value. */
export function ModeSelect({ field, value, disabled, onChange }: ModeSelectProps) {
  const id = useId();
  return (
    <div className="field field-mode">
      <label htmlFor={id}>If {field} already has a value</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as WriteMode)} // the options are WRITE_MODE_OPTIONS
      >
        {WRITE_MODE_OPTIONS.map(([mode, text]) => (
          <option key={mode} value={mode}>
            {text}
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
