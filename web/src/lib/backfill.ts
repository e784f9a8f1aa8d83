import type {
  BackfillJob,
  BackfillObjectType,
  BackfillProgress,
  BackfillState,
  UndoSkipReason,
} from '@api/backfill/contract';
import type { FixableClass } from '@domain/address-health/fix';
import { countOf, formatNumber } from './plural';

// How a backfill job is named and summed up wherever it is listed: the dashboard and the admin area.

const STATE_LABELS: Record<BackfillState, string> = {
  running: 'Running',
  paused: 'Paused',
  out_of_credits: 'Out of credits',
  auth_failed: 'Reconnect needed',
  crm_refused: 'Refused by HubSpot',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

export const stateLabel = (state: BackfillState): string => STATE_LABELS[state];

const OBJECT_TYPES: Record<BackfillObjectType, string> = { contact: 'Contacts', company: 'Companies' };

export const objectTypeLabel = (type: BackfillObjectType): string => OBJECT_TYPES[type];

/** "Contacts in portal 123", the job's name wherever it is listed. */
export const jobTitle = (job: Pick<BackfillJob, 'objectType' | 'portalId'>): string =>
  `${objectTypeLabel(job.objectType)} in portal ${job.portalId}`;

/** "40 of 120 records". */
export const doneText = (progress: Pick<BackfillProgress, 'done' | 'total'>): string =>
  `${formatNumber(progress.done)} of ${countOf(progress.total, 'record')}`;

const FIXES: Record<FixableClass, string> = {
  city_not_accepted: 'Fix of cities not accepted for their ZIP (city overwritten)',
  state_not_zips: "Fix of states not their ZIP's (state overwritten)",
  county_not_zips: "Fix of counties not among their ZIP's (county overwritten)",
};

/**
 * Which records a job reads and writes, in a few words: a health-check fix names its class and
 * the field it overwrites; any other job its scope ("Only empty mapped fields", or `short` "Empty
 * fields only" where the admin's table is narrow).
 */
export function jobScopeText(job: Pick<BackfillJob, 'scope' | 'healthClass'>, short = false): string {
  if (job.healthClass) return FIXES[job.healthClass];
  if (job.scope === 'empty') return short ? 'Empty fields only' : 'Only empty mapped fields';
  return short ? 'All with a ZIP' : 'All records with a ZIP';
}

/** A job's id as a person can compare it at a glance: its first eight characters. */
export const shortJobId = (jobId: string): string => jobId.slice(0, 8);

/** "Undo of 1a2b3c4d" for a job that reverses another; null for a job that fills. */
export const undoLabel = (job: Pick<BackfillJob, 'undoOf'>): string | null =>
  job.undoOf === null ? null : `Undo of ${shortJobId(job.undoOf)}`;

/** "12 restored, 3 skipped, 0 failed of 15": an undo job's progress. */
export const restoredText = (
  progress: Pick<BackfillProgress, 'succeeded' | 'skipped' | 'failed' | 'total'>,
): string =>
  `${formatNumber(progress.succeeded)} restored, ${formatNumber(progress.skipped)} skipped, ` +
  `${formatNumber(progress.failed)} failed of ${formatNumber(progress.total)}`;

/**
 * Why undoing a job leaves a record as it is, as the person who ran the job understands it
 * (domain/record-history/job-undo.ts).
 */
const SKIP_REASONS: Record<UndoSkipReason, string> = {
  changed_since: "changed since the job (a person's edit or a later lookup is never undone)",
  already_undone: 'already undone (on the record, or by an earlier undo of this job)',
  before_unknown: 'the values they held before the job are not known',
  record_deleted: 'no longer in HubSpot',
};

/** Skipped records by why, largest first, reasons with none left out. */
export function skipBreakdown(
  skipped: Partial<Record<UndoSkipReason, number>>,
): { reason: UndoSkipReason; label: string; count: number }[] {
  return (Object.entries(skipped) as [UndoSkipReason, number][])
    .filter(([, count]) => count > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([reason, count]) => ({ reason, label: SKIP_REASONS[reason], count }));
}
