/** A page a job finished: when, and how many records it held. */
export interface RecentPage {
  /** ms since the epoch */
  at: number;
  records: number;
}

/** A job's rate is measured over the last minute it ran. */
export const RATE_WINDOW_MS = 60_000;

/** The pages still inside the rate's window at `now`; older ones no longer count. */
export const recentPages = (pages: readonly RecentPage[], now: number): RecentPage[] =>
  pages.filter((p) => p.at > now - RATE_WINDOW_MS);

/**
 * Records per second over the last minute of running: the records of the pages finished in it,
 * over the time it has been running within it (at least a second, so one early page does not
 * read as a burst). A job that is not running has no rate.
 */
export function ratePerSecond(
  pages: readonly RecentPage[],
  runningSince: number | null,
  now: number,
  running: boolean,
): number {
  if (!running || runningSince === null) return 0;
  const from = Math.max(now - RATE_WINDOW_MS, runningSince);
  const records = pages.filter((p) => p.at > from).reduce((sum, p) => sum + p.records, 0);
  const seconds = Math.max(1, (now - from) / 1000);
  return Math.round((records / seconds) * 100) / 100;
}

/** Seconds left at that rate for the records still in scope; null when there is no rate to go by. */
export function secondsLeft(total: number, done: number, rate: number): number | null {
  if (rate <= 0) return null;
  return Math.ceil(Math.max(0, total - done) / rate);
}
