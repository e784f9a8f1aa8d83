import type { BackfillJob, UndoDryRunAnswer } from '@api/backfill/contract';
import { objectTypeLabel, shortJobId, skipBreakdown } from '../../lib/backfill';
import { countOf, formatNumber } from '../../lib/plural';

// How undoing a backfill job reads on the dashboard: who may, what its dry run says, how the undo job is named.

/**
 * A job offers "Undo this job" once it is finished and filled something, unless it is an undo
 * itself; the server refuses the others with 409 (domain/record-history/job-undo.ts undoRefusal).
 * Nor while its latest undo (`undoneBy`) is under way or once it completed: a second would change
 * nothing. After a cancelled undo it does again, for the records that undo did not reach.
 */
export const canUndo = (
  job: Pick<BackfillJob, 'state' | 'undoOf' | 'progress'>,
  undoneBy?: Pick<BackfillJob, 'state'>,
): boolean =>
  (job.state === 'completed' || job.state === 'cancelled') &&
  job.undoOf === null &&
  job.progress.succeeded > 0 &&
  (undoneBy === undefined || undoneBy.state === 'cancelled');

/** Said in the undo dialog whatever its figures: nothing is given back for lookups already made. */
export const UNDO_IS_FREE = 'An undo is free and refunds nothing: the lookups were made.';

/**
 * "the contacts backfill of Nov 27, 12:30 in portal 123" when the job undone is at hand
 * (`startedText`: when it started, as the page shows times), "backfill job 1a2b3c4d in portal 123"
 * otherwise.
 */
export function undoneJobName(
  job: Pick<BackfillJob, 'objectType' | 'portalId'>,
  undoneJobId: string,
  startedText: string | null,
): string {
  const what = startedText
    ? `the ${objectTypeLabel(job.objectType).toLowerCase()} backfill of ${startedText}`
    : `backfill job ${shortJobId(undoneJobId)}`;
  return `${what} in portal ${job.portalId}`;
}

/** An undo job's title: "Undo of the contacts backfill of Nov 27, 12:30 in portal 123". */
export const undoJobTitle = (
  job: Pick<BackfillJob, 'objectType' | 'portalId'> & { undoOf: string },
  startedText: string | null,
): string => `Undo of ${undoneJobName(job, job.undoOf, startedText)}`;

/** A figure of the undo's dry run: "about 1,204" when it was estimated from a sample. */
export const undoFigure = (dryRun: Pick<UndoDryRunAnswer, 'estimate'>, count: number): string =>
  dryRun.estimate ? `about ${formatNumber(count)}` : formatNumber(count);

/** "20 skipped: changed since the job (…)", one line per reason, largest first. */
export function undoSkipLines(dryRun: Pick<UndoDryRunAnswer, 'skipped' | 'estimate'>): string[] {
  return skipBreakdown(dryRun.skipped).map(
    ({ label, count }) => `${undoFigure(dryRun, count)} skipped: ${label}`,
  );
}

/** The records the job changed (a count, never estimated), as a sum that adds up. */
export function undoSum(
  dryRun: Pick<UndoDryRunAnswer, 'recordsChanged' | 'wouldRestore' | 'estimate'>,
): string {
  const figure = (count: number) => undoFigure(dryRun, count);
  return (
    `${formatNumber(dryRun.recordsChanged)} changed by the job = ${figure(dryRun.wouldRestore)} to restore + ` +
    `${figure(dryRun.recordsChanged - dryRun.wouldRestore)} left as they are.`
  );
}

/** Where an estimated dry run's figures come from; null when every record the job changed was read. */
export function undoEstimateNote(
  dryRun: Pick<UndoDryRunAnswer, 'estimate' | 'recordsChanged'>,
): string | null {
  if (!dryRun.estimate) return null;
  return (
    `Estimated from the first ${formatNumber(dryRun.estimate.examined)} of ` +
    `${countOf(dryRun.recordsChanged, 'record')}: the undo itself looks at every record.`
  );
}

/** The start button's words, or null when there is nothing to restore and no button to offer. */
export const undoStartLabel = (dryRun: Pick<UndoDryRunAnswer, 'wouldRestore' | 'estimate'>): string | null =>
  dryRun.wouldRestore > 0
    ? `Undo ${dryRun.estimate ? 'about ' : ''}${countOf(dryRun.wouldRestore, 'record')}`
    : null;

/** Said instead of a start button when no record would get its earlier values back. */
export const NOTHING_TO_RESTORE =
  'There is nothing to restore: no record this job changed still holds what it wrote, unchanged and not undone.';
