interface ProgressBarProps {
  value: number;
  max: number;
  /** What is progressing, for assistive technology ("Backfill of contacts in portal 123"). */
  label: string;
  /** The value as a person reads it ("40 of 120 records"); defaults to the percent. */
  valueText?: string;
}

/** A bar that fills from left to right; a total of 0 reads as nothing to do, shown full. */
export function ProgressBar({ value, max, label, valueText }: ProgressBarProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 100;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={valueText ?? `${Math.floor(percent)}%`}
    >
      <div className="progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
