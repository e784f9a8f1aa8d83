interface SpinnerProps {
  label?: string;
  fullPage?: boolean;
}

export function Spinner({ label = 'Loading...', fullPage = false }: SpinnerProps) {
  return (
    <div className={fullPage ? 'spinner-wrap spinner-full' : 'spinner-wrap'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="spinner-label">{label}</span>
    </div>
  );
}
