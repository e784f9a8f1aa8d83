const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The start of the UTC hour `ms` falls in. */
export const hourStart = (ms: number) => new Date(Math.floor(ms / HOUR) * HOUR);

/** The periods every dashboard figure is measured over, from one "now". */
export interface Window {
  now: Date;
  since24h: Date;
  since7d: Date;
  /**
   * The whole UTC hours inside the 24 hours, `from` inclusive to `to` exclusive: counters per
   * hour cover these, and the failures themselves the parts of an hour before and after them.
   */
  wholeHours24h: { from: Date; to: Date };
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
    wholeHours24h: {
      from: new Date(hourStart(now.getTime() - DAY).getTime() + HOUR),
      to: hourStart(now.getTime()),
    },
    firstDay7d: utcDay(new Date(now.getTime() - 6 * DAY)),
    days30: Array.from({ length: 30 }, (_, i) => utcDay(new Date(now.getTime() - (29 - i) * DAY))),
  };
}
