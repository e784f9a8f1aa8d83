import { useEffect } from 'react';
import { useLookupCountQuery } from '../api';

/** Shown when the count cannot be fetched, so the home page never shows an empty counter. */
export const FALLBACK_LOOKUP_COUNT = 66357;

const formatter = new Intl.NumberFormat('en-US');

export function LookupCounter() {
  const { data, error, isError } = useLookupCountQuery();

  useEffect(() => {
    if (isError) console.error('Lookup count failed', error);
  }, [isError, error]);

  const count = data?.allTimeSuccessfulLookups ?? (isError ? FALLBACK_LOOKUP_COUNT : undefined);
  if (count === undefined) return <div className="counter counter-pending" aria-hidden="true" />;

  return (
    <div className="counter" aria-live="polite">
      <span className="counter-value">{formatter.format(count)}</span>
      <span className="counter-label">ZIP Code Lookups</span>
      <span className="counter-tail">and counting!</span>
    </div>
  );
}
