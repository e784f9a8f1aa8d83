import { addDays, DEFAULT_USAGE_DAYS, EARLIEST_USAGE_DATE } from '@domain/lookups/usage-window';

/** The usage chart's inclusive range of UTC dates, written YYYY-MM-DD. */
export interface DateRange {
  from: string;
  to: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const clamp = (date: string, earliest: string, latest: string) =>
  date < earliest ? earliest : date > latest ? latest : date;

/** The last 30 days up to today, never starting before the first day of recorded usage. */
export function defaultRange(today: string): DateRange {
  const from = addDays(today, 1 - DEFAULT_USAGE_DAYS);
  return { from: from < EARLIEST_USAGE_DATE ? EARLIEST_USAGE_DATE : from, to: today };
}

/**
 * A new From date, kept between the first day of usage and today; a cleared field keeps the old
 * one. A From after To is kept as typed: the user is told the range is backwards (rangeProblem)
 * rather than having a date silently changed under them.
 */
export function withFrom(range: DateRange, from: string, today: string): DateRange {
  if (!ISO_DATE.test(from)) return range;
  return { ...range, from: clamp(from, EARLIEST_USAGE_DATE, today) };
}

/** A new To date, kept between the first day of usage and today; a cleared field keeps the old one. */
export function withTo(range: DateRange, to: string, today: string): DateRange {
  if (!ISO_DATE.test(to)) return range;
  return { ...range, to: clamp(to, EARLIEST_USAGE_DATE, today) };
}

/** What is wrong with a range as entered, said next to its fields; undefined when it can be shown. */
export function rangeProblem(range: DateRange): string | undefined {
  return range.from > range.to
    ? `The range is backwards: From (${range.from}) is after To (${range.to}). Choose a From date on or before the To date.`
    : undefined;
}
