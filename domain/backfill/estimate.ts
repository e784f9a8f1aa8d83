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
export function apportion(parts: readonly number[], from: number, to: number): number[] {
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
 * The dry run's figures from the tally of the records it read. When it read every record the
 * search finds they are the tally itself, exact; so too when HubSpot counts no more than it read
 * (records can leave scope while it reads). Otherwise HubSpot's count of the search is scaled by
 * the share of the records read that are in scope (out of scope "empty": none of their empty
 * fields can be filled), and each part is scaled from the sample to the records in scope: would
 * fill (the credits needed), nothing to update and the failures by reason are apportioned
 * together so they add up to exactly the records in scope, and a part seen in the sample is
 * never estimated at none.
 */
export function dryRunFigures(sample: DryRunTally, read: SampleRead): DryRunFigures {
  const examined = sample.recordsInScope + sample.outOfScope;
  if (read.readAll || read.total <= examined) return sample;
  // Nothing read tells nothing of the share out of scope: HubSpot's count stands.
  const [recordsInScope = 0, outOfScope = 0] =
    examined === 0
      ? [read.total, 0]
      : apportion([sample.recordsInScope, sample.outOfScope], examined, read.total);
  const reasons = Object.entries(sample.failures) as [LookupFailureReason, number][];
  const [creditsNeeded = 0, nothingToUpdate = 0, ...failed] = apportion(
    [sample.creditsNeeded, sample.nothingToUpdate, ...reasons.map(([, count]) => count)],
    sample.recordsInScope,
    recordsInScope,
  );
  return {
    recordsInScope,
    creditsNeeded,
    nothingToUpdate,
    failures: Object.fromEntries(reasons.map(([reason], i) => [reason, failed[i]!])),
    outOfScope,
    estimate: { examined },
  };
}
