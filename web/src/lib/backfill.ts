import type {
  BackfillJob,
  BackfillObjectType,
  BackfillProgress,
  BackfillState,
} from '@api/backfill/contract';
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
