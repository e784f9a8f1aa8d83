/** The first day a backfill's "changed since" may name: HubSpot's timestamps count from the epoch. */
export const EARLIEST_CHANGED_SINCE = '1970-01-01';

/**
 * Why `day` (YYYY-MM-DD) cannot bound a backfill, or undefined when it can: it must be a real
 * day from 1970-01-01 (HubSpot refuses an earlier timestamp) to `today` (UTC; a later one would
 * select nothing ever). Bad input is refused at the edge, never sent to HubSpot.
 */
export function changedSinceProblem(day: string, today: string): string | undefined {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00.000Z`) : undefined;
  const real =
    parsed !== undefined && !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day);
  if (!real) return 'changedSince must be a day written YYYY-MM-DD.';
  if (day < EARLIEST_CHANGED_SINCE || day > today)
    return `changedSince must be a day from ${EARLIEST_CHANGED_SINCE} to today (${today}).`;
  return undefined;
}
