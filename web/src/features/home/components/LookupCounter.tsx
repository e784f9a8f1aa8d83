import { useLookupCountQuery } from '../api';
import { formatNumber } from '../../../lib/plural';

/**
 * "12,345 ZIP Code Lookups and counting!", shown only once a count exists: nothing on a fresh
 * install, while loading, or when the count cannot be read.
 */
export function LookupCounter() {
  const { data } = useLookupCountQuery();
  const count = data?.allTimeSuccessfulLookups ?? 0;
  if (count === 0) return null;

  return (
    <div className="counter" aria-live="polite">
      <span className="counter-value">{formatNumber(count)}</span>
      <span className="counter-label">ZIP Code Lookups</span>
      <span className="counter-tail">and counting!</span>
    </div>
  );
}
