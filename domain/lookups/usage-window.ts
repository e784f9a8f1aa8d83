/** The first day the product recorded usage; the usage chart starts no earlier (spec section 9). */
export const EARLIEST_USAGE_DATE = '2025-06-05';
/** The usage chart's default window, in days, ending today. */
export const DEFAULT_USAGE_DAYS = 30;

const DAY_MS = 86_400_000;

/** A UTC calendar date (YYYY-MM-DD) moved by a number of days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC calendar date of an instant: usage is bucketed by UTC day. */
export function utcDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
