const DAY = 86_400_000;

/** The periods every dashboard figure is measured over, from one "now". */
export interface Window {
  now: Date;
  since24h: Date;
  since7d: Date;
  /** The 7-day figures count whole UTC days: today and the 6 before it. */
  firstDay7d: string;
  /** The chart's 30 UTC days, oldest first, today last. */
  days30: string[];
}

export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

export function windowAt(now: Date): Window {
  return {
    now,
    since24h: new Date(now.getTime() - DAY),
    since7d: new Date(now.getTime() - 7 * DAY),
    firstDay7d: utcDay(new Date(now.getTime() - 6 * DAY)),
    days30: Array.from({ length: 30 }, (_, i) => utcDay(new Date(now.getTime() - (29 - i) * DAY))),
  };
}
