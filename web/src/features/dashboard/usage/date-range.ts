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

/** A new From date, kept between the first day of usage and To; a cleared field keeps the old one. */
export function withFrom(range: DateRange, from: string): DateRange {
  if (!ISO_DATE.test(from)) return range;
  return { ...range, from: clamp(from, EARLIEST_USAGE_DATE, range.to) };
}

/** A new To date, kept between From and today; a cleared field keeps the old one. */
export function withTo(range: DateRange, to: string, today: string): DateRange {
  if (!ISO_DATE.test(to)) return range;
  return { ...range, to: clamp(to, range.from, today) };
}
