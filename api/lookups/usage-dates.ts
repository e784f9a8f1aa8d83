import { addDays, DEFAULT_USAGE_DAYS, EARLIEST_USAGE_DATE, utcDate } from '../../domain/lookups/usage-window';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const isRealDate = (value: string) =>
  ISO_DATE.test(value) && new Date(`${value}T00:00:00.000Z`).toISOString().slice(0, 10) === value;

export type UsageRange = { ok: true; startDate: string; endDate: string } | { ok: false; message: string };

/**
 * Checks the usage chart's date range (UTC dates). The latest end is tomorrow, so a user ahead
 * of UTC still sees their own today.
 */
export function usageRange(startDate: unknown, endDate: unknown, now: Date): UsageRange {
  const today = utcDate(now);
  const latest = addDays(today, 1);
  for (const [name, value] of [
    ['startDate', startDate],
    ['endDate', endDate],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || !isRealDate(value)))
      return { ok: false, message: `${name} must be a date written YYYY-MM-DD.` };
  }
  const end = (endDate as string | undefined) ?? today;
  let start = (startDate as string | undefined) ?? addDays(end, 1 - DEFAULT_USAGE_DAYS);
  if (startDate === undefined && start < EARLIEST_USAGE_DATE) start = EARLIEST_USAGE_DATE;
  if (start < EARLIEST_USAGE_DATE)
    return { ok: false, message: `startDate must be ${EARLIEST_USAGE_DATE} or later.` };
  if (end > latest) return { ok: false, message: `endDate must be ${latest} or earlier.` };
  if (start > end) return { ok: false, message: 'startDate must not be after endDate.' };
  return { ok: true, startDate: start, endDate: end };
}
