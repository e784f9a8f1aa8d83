import type { DomainEvent } from '../decider';
import type { LookupFailureReason } from '../lookups/events';
import type { CrmObjectTypeName } from '../lookups/webhook-event';
import type { FixableClass } from '../address-health/fix';
import type { UndoSkipReason } from '../record-history/events';

/** Which records a job fills: those with a ZIP whose mapped fields are empty, or all with a ZIP. */
export type BackfillScope = 'empty' | 'all';

export type BackfillStateName =
  'running' | 'paused' | 'out_of_credits' | 'auth_failed' | 'crm_refused' | 'cancelled' | 'completed';

/**
 * Why a job stopped by itself; the user resumes it once the cause is gone. `crm_refused`: HubSpot
 * refused the job's search in a way no retry changes (a 4xx other than 429 and an expired token),
 * its words in the stop's detail.
 */
export type BackfillStopReason = 'out_of_credits' | 'auth_failed' | 'crm_refused';

/** Why a job was cancelled: the user asked, or the portal's connection was deleted or taken over. */
export type BackfillCancelReason = 'by_user' | 'portal_disconnected';

/**
 * Every job of one portal and object type lives on one stream, so that "one job at a time" is
 * decided against everything that stream holds, and two starts at once cannot both win.
 */
export const backfillStream = (portalId: string, objectType: CrmObjectTypeName) =>
  `backfill-${portalId}-${objectType}`;

/** The stream the backfill runner marks its start on, to know when its read model caught up. */
export const BACKFILL_RUNNER_STREAM = 'backfill-runner';

/**
 * A record's lookup within a job: the same id however often the job reaches the record (a retry,
 * a restart), so the credits stream charges it at most once per job.
 */
export const backfillLookupId = (jobId: string, objectId: string) => `backfill-${jobId}-${objectId}`;

const BACKFILL_LOOKUP_ID = /^backfill-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(.+)$/;

/** The job and record a backfill lookup id names; undefined for any other lookup. */
export function backfillRecordOf(lookupId: string): { jobId: string; objectId: string } | undefined {
  const match = BACKFILL_LOOKUP_ID.exec(lookupId);
  return match ? { jobId: match[1]!, objectId: match[2]! } : undefined;
}

/** What a page of records came to. */
/** The request a job's lookups are told under in the admin's logs: one per job, so its records read together. */
export const backfillRequestId = (jobId: string) => `backfill-${jobId}`;

export type BackfillCounts = {
  records: number;
  succeeded: number;
  failuresByReason: Partial<Record<LookupFailureReason, number>>;
  /** Credits the page's successes took: one each. */
  credits: number;
  /**
   * Records the page read that are out of the job's scope: in scope "empty" none of their empty
   * fields can be filled from their ZIP; in a fix job they are not of its health-check class. In
   * no other count, and taken off the job's total. Absent before.
   */
  outOfScope?: number;
  /** Of an undo job: the records it left as they are, by why. Absent for a job that fills. */
  skippedByReason?: Partial<Record<UndoSkipReason, number>>;
};

/**
 * What an undo job did to one record (the names of the properties only: the values are in the
 * record's history, sealed as personal data).
 */
export type UndoneRecord =
  | { objectId: string; outcome: 'restored'; restored: string[]; kept: string[] }
  | { objectId: string; outcome: 'skipped'; reason: UndoSkipReason }
  | { objectId: string; outcome: 'failed'; reason: LookupFailureReason; detail: string };

export type BackfillStartedData = {
  jobId: string;
  userId: string;
  portalId: string;
  objectType: CrmObjectTypeName;
  scope: BackfillScope;
  /** YYYY-MM-DD, or null for every record. */
  changedSince: string | null;
  /** Records in scope when the job started. */
  total: number;
  /**
   * A fix job's health-check class: of the records read, only those the health check puts in this
   * class are looked up, and only the field(s) it contradicts are written, always overwritten
   * (domain/address-health/fix.ts). Absent for an ordinary backfill.
   */
  healthClass?: FixableClass;
  /**
   * An undo job: the earlier job of the same portal and object type whose changes it reverses,
   * record by record (domain/record-history/job-undo.ts). It reads no search and charges nothing.
   * Absent for a job that fills.
   */
  undoOf?: string;
  at: string;
};

export type BackfillEvent =
  | DomainEvent<'BackfillStarted', BackfillStartedData>
  | DomainEvent<
      'BackfillPageProcessed',
      BackfillCounts & {
        jobId: string;
        /** The highest hs_object_id the job has finished; the next page reads above it. */
        cursor: string;
        /** Of an undo job: each record of the page and what became of it. */
        undone?: UndoneRecord[];
        at: string;
      }
    >
  | DomainEvent<'BackfillPaused', { jobId: string; at: string }>
  | DomainEvent<'BackfillResumed', { jobId: string; at: string }>
  | DomainEvent<'BackfillCancelled', { jobId: string; reason: BackfillCancelReason; at: string }>
  | DomainEvent<'BackfillStopped', { jobId: string; reason: BackfillStopReason; detail: string; at: string }>
  | DomainEvent<'BackfillCompleted', { jobId: string; at: string }>;

export type BackfillRunnerEvent = DomainEvent<'BackfillRunnerStarted', { marker: string; at: string }>;
