import type { BackfillJob, BackfillState } from '@api/backfill/contract';
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

export const stateSentence = (job: Pick<BackfillJob, 'state' | 'stateDetail'>): string =>
  job.stateDetail ?? STATE_SENTENCES[job.state];

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
