import { assertNever, type Decider } from '../decider';
import type { LookupFailureReason } from '../lookups/events';
import type { CrmObjectTypeName } from '../lookups/webhook-event';
import { BackfillRuleError } from './errors';
import { backfillRecordOf } from './events';
import type {
  BackfillCancelReason,
  BackfillCounts,
  BackfillEvent,
  BackfillStartedData,
  BackfillStateName,
  BackfillStopReason,
  UndoneRecord,
} from './events';

/** The latest job of a portal and object type, and how far it got. */
export interface BackfillJobState extends Omit<BackfillStartedData, 'at'> {
  /** When the job started: it reads the records created up to then (recordsCreatedUpTo). */
  startedAt: string;
  state: BackfillStateName;
  cursor: string | null;
  done: number;
  succeeded: number;
  failuresByReason: Partial<Record<LookupFailureReason, number>>;
  credits: number;
}

export interface BackfillStreamState {
  /** Earlier jobs of the stream are all finished: only the latest can still change. */
  job: BackfillJobState | null;
}

type JobCommand<T extends string, D = object> = { type: T; jobId: string; at: string } & D;

export type BackfillCommand =
  | ({ type: 'StartBackfill' } & BackfillStartedData)
  | JobCommand<'RecordPage', { cursor: string; counts: BackfillCounts; undone?: UndoneRecord[] }>
  | JobCommand<'PauseBackfill'>
  | JobCommand<'ResumeBackfill'>
  | JobCommand<'CancelBackfill', { reason: BackfillCancelReason }>
  | JobCommand<'StopBackfill', { reason: BackfillStopReason; detail: string }>
  | JobCommand<'CompleteBackfill'>;

export const initialBackfillState = (): BackfillStreamState => ({ job: null });

/** A job that has ended for good; nothing resumes it. */
export const isFinished = (state: BackfillStateName) => state === 'cancelled' || state === 'completed';

/**
 * The charges a job must give back: those of its records still in flight (charged, no outcome)
 * once it is cancelled, as nothing will write them any more. A paused or stopped job resumes and
 * writes them; a completed one has none left.
 */
export function chargesToRefund(
  job: { jobId: string; state: BackfillStateName },
  inFlight: Iterable<string>,
): string[] {
  if (job.state !== 'cancelled') return [];
  return [...inFlight].filter((lookupId) => backfillRecordOf(lookupId)?.jobId === job.jobId);
}

/**
 * The record of a job a failure gave back the charge of because the job was cancelled before
 * writing it; undefined for any other failure. It counts among the job's records as failed
 * (backfill_cancelled) beside those its pages recorded, so the job's figures add up to what the
 * ledger and the report show; its credit, given back, is not among those the job spent.
 */
export function cancelledRecordOf(failure: {
  lookupId: string;
  reason: LookupFailureReason;
}): { jobId: string; objectId: string } | undefined {
  return failure.reason === 'backfill_cancelled' ? backfillRecordOf(failure.lookupId) : undefined;
}

/** Why a refunded record of a cancelled job failed, as the report and the ledger show it. */
export const CANCELLED_DETAIL =
  'The backfill job was cancelled before this record was written; its credit was given back.';

export const objectTypePlural = (objectType: CrmObjectTypeName) =>
  objectType === 'contact' ? 'contacts' : 'companies';

const STATE_WORDS: Record<BackfillStateName, string> = {
  running: 'running',
  paused: 'paused',
  out_of_credits: 'stopped for lack of credits',
  auth_failed: 'stopped because HubSpot refused the portal’s token',
  crm_refused: 'stopped because HubSpot refused its search',
  cancelled: 'cancelled',
  completed: 'completed',
};

/** hs_object_id values are whole numbers that outgrow a double: compared as numbers, not text. */
export const isAbove = (id: string, cursor: string | null) => cursor === null || BigInt(id) > BigInt(cursor);

function addFailures(
  into: Partial<Record<LookupFailureReason, number>>,
  add: Partial<Record<LookupFailureReason, number>>,
): Partial<Record<LookupFailureReason, number>> {
  const sum = { ...into };
  for (const [reason, n] of Object.entries(add) as [LookupFailureReason, number][])
    sum[reason] = (sum[reason] ?? 0) + n;
  return sum;
}

export function evolveBackfill(state: BackfillStreamState, event: BackfillEvent): BackfillStreamState {
  const job = state.job;
  switch (event.type) {
    case 'BackfillStarted': {
      const { at, ...started } = event.data;
      return {
        job: {
          ...started,
          startedAt: at,
          state: 'running',
          cursor: null,
          done: 0,
          succeeded: 0,
          failuresByReason: {},
          credits: 0,
        },
      };
    }
    case 'BackfillPageProcessed': {
      if (!job) return state;
      const d = event.data;
      return {
        job: {
          ...job,
          cursor: d.cursor,
          done: job.done + d.records,
          succeeded: job.succeeded + d.succeeded,
          failuresByReason: addFailures(job.failuresByReason, d.failuresByReason),
          credits: job.credits + d.credits,
        },
      };
    }
    case 'BackfillPaused':
      return job ? { job: { ...job, state: 'paused' } } : state;
    case 'BackfillResumed':
      return job ? { job: { ...job, state: 'running' } } : state;
    case 'BackfillCancelled':
      return job ? { job: { ...job, state: 'cancelled' } } : state;
    case 'BackfillStopped':
      return job ? { job: { ...job, state: event.data.reason } } : state;
    case 'BackfillCompleted':
      return job ? { job: { ...job, state: 'completed' } } : state;
    default:
      return assertNever(event);
  }
}

/** The job a command is about, or the refusal a person can act on. */
function jobOf(state: BackfillStreamState, jobId: string): BackfillJobState {
  if (state.job?.jobId !== jobId)
    throw new BackfillRuleError('no_such_job', `There is no backfill job ${jobId} to change.`);
  return state.job;
}

function notFinished(job: BackfillJobState, action: string): void {
  if (isFinished(job.state))
    throw new BackfillRuleError(
      'finished',
      `The backfill job ${job.jobId} is ${job.state}; it cannot be ${action}.`,
    );
}

/**
 * The job rules: one unfinished job per portal and object type (a second start is refused,
 * naming the one there); a running job can be paused; a paused or stopped one resumed; any
 * unfinished one cancelled; only a running job stops or completes by itself. A page's records are
 * recorded while the cursor moves forward, even when the job was paused or cancelled under it
 * (its records were charged). Repeating what already happened decides nothing.
 */
export function decideBackfill(command: BackfillCommand, state: BackfillStreamState): BackfillEvent[] {
  switch (command.type) {
    case 'StartBackfill': {
      const running = state.job;
      if (running && !isFinished(running.state)) {
        if (running.jobId === command.jobId) return [];
        throw new BackfillRuleError(
          'already_running',
          `A backfill of ${objectTypePlural(running.objectType)} in portal ${running.portalId} is already ${STATE_WORDS[running.state]} (job ${running.jobId}).`,
        );
      }
      const { type: _type, ...data } = command;
      return [{ type: 'BackfillStarted', data }];
    }
    case 'RecordPage': {
      const job = jobOf(state, command.jobId);
      if (job.state === 'completed' || !isAbove(command.cursor, job.cursor)) return [];
      return [
        {
          type: 'BackfillPageProcessed',
          data: {
            jobId: job.jobId,
            cursor: command.cursor,
            ...command.counts,
            ...(command.undone ? { undone: command.undone } : {}),
            at: command.at,
          },
        },
      ];
    }
    case 'PauseBackfill': {
      const job = jobOf(state, command.jobId);
      notFinished(job, 'paused');
      if (job.state === 'paused') return [];
      if (job.state !== 'running')
        throw new BackfillRuleError(
          'not_running',
          `The backfill job ${job.jobId} is ${STATE_WORDS[job.state]}; only a running job can be paused.`,
        );
      return [{ type: 'BackfillPaused', data: { jobId: job.jobId, at: command.at } }];
    }
    case 'ResumeBackfill': {
      const job = jobOf(state, command.jobId);
      notFinished(job, 'resumed');
      if (job.state === 'running') return [];
      return [{ type: 'BackfillResumed', data: { jobId: job.jobId, at: command.at } }];
    }
    case 'CancelBackfill': {
      const job = jobOf(state, command.jobId);
      if (job.state === 'cancelled') return [];
      notFinished(job, 'cancelled');
      return [
        { type: 'BackfillCancelled', data: { jobId: job.jobId, reason: command.reason, at: command.at } },
      ];
    }
    case 'StopBackfill': {
      const job = jobOf(state, command.jobId);
      if (job.state !== 'running') return [];
      return [
        {
          type: 'BackfillStopped',
          data: { jobId: job.jobId, reason: command.reason, detail: command.detail, at: command.at },
        },
      ];
    }
    case 'CompleteBackfill': {
      const job = jobOf(state, command.jobId);
      if (job.state !== 'running') return [];
      return [{ type: 'BackfillCompleted', data: { jobId: job.jobId, at: command.at } }];
    }
    default:
      return assertNever(command);
  }
}

export const backfillDecider: Decider<BackfillStreamState, BackfillCommand, BackfillEvent> = {
  initialState: initialBackfillState,
  evolve: evolveBackfill,
  decide: decideBackfill,
};
