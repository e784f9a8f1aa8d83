import type { LookupFailureReason } from '../lookups/events';
import type { DryRunTally } from './records';
import { SEARCH_PAGE_MAX } from './search';

/**
 * The most records a dry run reads before it answers. It reads inside the HTTP request, through
 * HubSpot's search (200 records a page, a portal's searches spaced 250 ms apart): 10,000 records
 * are 50 searches, about 12.5 s, where reading 100,000 took 111 s, past any proxy's timeout. It is
 * also HubSpot's ceiling for one query, so the sample is read without restarting the query.
 *
 * The sample is not random: the search reads in ascending hs_object_id order, so it holds the
 * records with the lowest ids, the oldest. A portal whose newer records differ from its oldest
 * gets estimates off by as much; the job itself reads every record, and credits that fall short
 * are met by its out-of-credits pause and resume.
 */
export const DRY_RUN_SAMPLE_SIZE = 50 * SEARCH_PAGE_MAX;

/** A dry run's figures: exact, or estimated from the first `examined` records in scope. */
export interface DryRunFigures extends DryRunTally {
  /** Present only when the figures after recordsInScope were scaled from a sample. */
  estimate?: { examined: number };
}

/** What reading the sample found: HubSpot's count of the scope, and whether the reading reached its end. */
export interface SampleRead {
  /** The search's `total` on its first page: the records matching the query. */
  total: number;
  /** True when there was no page left to read: every record in scope was tallied. */
  readAll: boolean;
}

/**
 * Whole parts of `to` in the proportions of `parts` (which add up to `from`), by largest
 * remainder: each part is its share rounded down or up, and the parts add up to exactly `to`.
 * Ties go to the earlier part, so the same tally always gives the same figures.
 */
function apportion(parts: readonly number[], from: number, to: number): number[] {
  if (from === 0) return parts.map(() => 0);
  const shares = parts.map((part, index) => {
    const scaled = part * to;
    const remainder = scaled % from;
    return { index, whole: (scaled - remainder) / from, remainder };
  });
  const left = to - shares.reduce((sum, s) => sum + s.whole, 0);
  const roundedUp = new Set(
    [...shares]
      .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
      .slice(0, left)
      .map((s) => s.index),
  );
  return shares.map((s) => s.whole + (roundedUp.has(s.index) ? 1 : 0));
}

/**
 * The dry run's figures from the tally of the records it read. When it read every record in
 * scope they are the tally itself, exact; so too when HubSpot counts no more than it read (records
 * can leave scope while it reads). Otherwise the records in scope are HubSpot's count, and each
 * count is scaled from the sample to them: the failures by reason and the credits
 * needed, one per record, are apportioned together so they add up to exactly the records in
 * scope, a reason seen in the sample is never estimated at none, and records expected to succeed
 * are never more than those with a ZIP the table resolves, as in the sample.
 */
export function dryRunFigures(sample: DryRunTally, read: SampleRead): DryRunFigures {
  const examined = sample.recordsInScope;
  if (read.readAll || read.total <= examined) return sample;
  const recordsInScope = read.total;
  const reasons = Object.entries(sample.failures) as [LookupFailureReason, number][];
  const [creditsNeeded = 0, ...failed] = apportion(
    [sample.creditsNeeded, ...reasons.map(([, count]) => count)],
    examined,
    recordsInScope,
  );
  const [resolvable = 0] = apportion(
    [sample.resolvable, examined - sample.resolvable],
    examined,
    recordsInScope,
  );
  return {
    recordsInScope,
    resolvable: Math.max(resolvable, creditsNeeded),
    failures: Object.fromEntries(reasons.map(([reason], i) => [reason, failed[i]!])),
    creditsNeeded,
    estimate: { examined },
  };
}
