import type { BackfillJob, BackfillState } from '@api/backfill/contract';
import { doneText, jobTitle } from '../../lib/backfill';
import { undoJobTitle } from './undo-view';
import { formatNumber } from '../../lib/plural';

export type JobAction = 'pause' | 'resume' | 'cancel';

/** What the user can do to a job in each state; a finished job can only be read. */
const ACTIONS: Record<BackfillState, readonly JobAction[]> = {
  running: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  out_of_credits: ['resume', 'cancel'],
  auth_failed: ['resume', 'cancel'],
  crm_refused: ['resume', 'cancel'],
  cancelled: [],
  completed: [],
};

export const actionsFor = (state: BackfillState): readonly JobAction[] => ACTIONS[state];

/** A job still moving by itself: the list is read again while one is. */
export const isRunning = (state: BackfillState): boolean => state === 'running';

/** Said when the server gives no sentence of its own. */
const STATE_SENTENCES: Record<BackfillState, string> = {
  running: 'Filling records now.',
  paused: 'Paused. Resume to carry on where it stopped.',
  out_of_credits: 'Stopped: the balance ran out. It carries on after you buy credits.',
  auth_failed: 'HubSpot refused the connection to this portal. Reconnect it, then resume.',
  crm_refused: 'HubSpot refused this job’s search. Fix the cause in HubSpot, then resume.',
  cancelled:
    'Cancelled. Records filled before that keep their values; any charged but not yet written get their credits back and count as failed.',
  completed: 'Done.',
};

/** An undo job restores rather than fills, and charged nothing to give back. */
const UNDO_STATE_SENTENCES: Partial<Record<BackfillState, string>> = {
  running: 'Restoring records now.',
  cancelled:
    'Cancelled. Records restored before that keep their earlier values; the rest are left as they are.',
};

export const stateSentence = (
  job: Pick<BackfillJob, 'state' | 'stateDetail'> & { undoOf?: string | null },
): string =>
  job.stateDetail ?? (job.undoOf ? UNDO_STATE_SENTENCES[job.state] : undefined) ?? STATE_SENTENCES[job.state];

/** What "Cancel" asks first; `subject` names the job ("the backfill of Contacts in portal 1"). */
export const cancelQuestion = (job: Pick<BackfillJob, 'undoOf'>, subject: string): string =>
  job.undoOf
    ? `Cancel ${subject}? Records restored so far keep their earlier values; the rest are left as they are.`
    : `Cancel ${subject}? Records filled so far keep their values; the rest are left as they are.`;

/** The report's file name, as the server names it: an undo's report is not a backfill's. */
export const reportFileName = (
  job: Pick<BackfillJob, 'jobId' | 'objectType' | 'portalId' | 'undoOf'>,
): string => `zipfill-${job.undoOf ? 'undo' : 'backfill'}-${job.objectType}-${job.portalId}-${job.jobId}.csv`;

/** "Nov 27, 12:30": when a job started or finished, in the reader's own clock. */
export const whenText = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** Records a second, to one decimal below ten; nothing when the job is not moving. */
export function rateText(ratePerSecond: number): string | null {
  if (!(ratePerSecond > 0)) return null;
  const shown = ratePerSecond < 10 ? Math.round(ratePerSecond * 10) / 10 : Math.round(ratePerSecond);
  return `${formatNumber(shown)} records/s`;
}

/** "less than a minute", "12 min", "3 h 5 min", "2 days 4 h"; nothing when unknown. */
export function timeLeftText(secondsLeft: number | null): string | null {
  if (secondsLeft === null || !(secondsLeft >= 0)) return null;
  if (secondsLeft < 60) return 'less than a minute';
  const minutes = Math.round(secondsLeft / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} days` : `${days} days ${hours % 24} h`;
}

/**
 * The figures a job shows, name and value, in order: how far it is, then what it did (a job that
 * fills: filled, nothing to update, failed, credits; an undo, free: restored, skipped, failed),
 * then its rate and time left while it moves.
 */
export function jobFigures(job: Pick<BackfillJob, 'undoOf' | 'progress'>): [string, string][] {
  const { progress: p } = job;
  const did: [string, number][] = job.undoOf
    ? [
        ['Restored', p.succeeded],
        ['Skipped', p.skipped],
        ['Failed', p.failed],
      ]
    : [
        ['Filled', p.succeeded],
        ['Nothing to update', p.nothingToUpdate],
        ['Failed', p.failed],
        ['Credits spent', p.creditsSpent],
      ];
  const rate = rateText(p.ratePerSecond);
  const left = timeLeftText(p.secondsLeft);
  return [
    ['Done', doneText(p)],
    ...did.map(([name, n]): [string, string] => [name, formatNumber(n)]),
    ...(rate ? [['Rate', rate] as [string, string]] : []),
    ...(left ? [['Time left', left] as [string, string]] : []),
  ];
}

/**
 * How a job is named: its title; the `subject` its buttons' labels end with ("Pause the backfill
 * of Contacts in portal 1"); its progress bar's label. An undo job names the job it reverses,
 * by when that started (`undoneStartedText`) when it is listed too.
 */
export function jobNames(
  job: Pick<BackfillJob, 'objectType' | 'portalId' | 'undoOf'>,
  undoneStartedText: string | null,
): { title: string; subject: string; progressLabel: string } {
  if (job.undoOf === null) {
    const title = jobTitle(job);
    return { title, subject: `the backfill of ${title}`, progressLabel: `Backfill of ${title}` };
  }
  const title = undoJobTitle({ ...job, undoOf: job.undoOf }, undoneStartedText);
  return { title, subject: `the u${title.slice(1)}`, progressLabel: title };
}
