/*
 * Backfill jobs as they travel: the server builds its answers to these types and the web app
 * reads them by the same ones.
 *
 * Routes (all signed in; a portal the user has not connected answers 404):
 *   POST /api/hubspot/backfills/:portalId/dry-run   BackfillRequest -> BackfillDryRunAnswer
 *   POST /api/hubspot/backfills/:portalId           BackfillRequest -> 201 BackfillJobAnswer
 *        (with healthClass: a fix job of one health-check class; 400 for a class no lookup fixes)
 *        (409 "A backfill of contacts in portal P is already running (job J)." when one runs)
 *   GET  /api/hubspot/backfills                     -> BackfillJobsAnswer (the user's jobs, newest first)
 *   GET  /api/hubspot/backfill/:jobId               -> BackfillJobAnswer
 *   POST /api/hubspot/backfill/:jobId/pause|resume|cancel -> BackfillJobAnswer
 *   GET  /api/hubspot/backfill/:jobId/report.csv    -> text/csv (object id, ZIP, outcome, reason, fields written;
 *        of an undo job: object id, outcome, reason, fields restored, fields kept)
 *   POST /api/hubspot/backfill/:jobId/undo/dry-run  -> UndoDryRunAnswer (nothing written)
 *   POST /api/hubspot/backfill/:jobId/undo          -> 201 BackfillJobAnswer (the undo job)
 *        (409 for a job not finished, an undo job, one that changed nothing, or while another
 *        job of the portal and object type is unfinished)
 *   GET  /api/auth/admin/backfills?page=&limit=     -> AdminBackfillsAnswer (admins only)
 */
import type { AddressClass } from '../../domain/address-health/classify';
import type { FixableClass } from '../../domain/address-health/fix';
import type { LookupFailureReason } from '../../domain/lookups/events';
import type { UndoSkipReason } from '../../domain/record-history/events';

export type { UndoSkipReason };

export type BackfillObjectType = 'contact' | 'company';

/** Which records a job fills: those with a ZIP whose mapped fields are empty, or all with a ZIP. */
export type BackfillScope = 'empty' | 'all';

/** What the user asks for, for a dry run or a job. */
export interface BackfillRequest {
  objectType: BackfillObjectType;
  scope: BackfillScope;
  /** Only records changed on or after this day (YYYY-MM-DD, UTC); absent, all of them. */
  changedSince?: string;
  /**
   * "Fix these records" of a health check: only the records of this class, and only the field(s)
   * it contradicts rewritten from the ZIP in "Always overwrite" (domain/address-health/fix.ts).
   * Needs scope "all"; a class a lookup cannot fix (no ZIP, invalid or unknown ZIP, multi-county,
   * consistent) is refused with 400 saying why.
   */
  healthClass?: AddressClass;
}

/**
 * POST …/dry-run: what a job would do, nothing charged or written. A dry run reads at most
 * DRY_RUN_SAMPLE_SIZE records (domain/backfill/estimate.ts); when the scope holds more, the
 * figures after recordsInScope are estimates and `estimate` says from how many records.
 */
export interface BackfillDryRunAnswer {
  request: BackfillRequest;
  /**
   * Records in scope that exist now (a job started now reads those): with a value in the ZIP
   * property and, in scope "empty", at least one empty mapped field its ZIP can fill. Exactly
   * creditsNeeded + nothingToUpdate + the failures added up.
   */
  recordsInScope: number;
  /** Credits the job would take: one per record it would fill. */
  creditsNeeded: number;
  /** Records that already hold what their ZIP gives, or a person's values: free, not failures. */
  nothingToUpdate: number;
  /** How many would fail, by failure reason (invalid_zip_format, zip_not_found …): failures only. */
  failures: Partial<Record<LookupFailureReason, number>>;
  balance: number;
  /** How many of the records it would fill the balance pays for. */
  recordsCovered: number;
  /**
   * Present only when the figures are estimated from the `examined` records with the lowest ids
   * (the oldest): every figure but the balance is scaled to HubSpot's count of the search, and
   * the parts still add up to recordsInScope. Absent, every record was read and the figures are
   * exact.
   */
  estimate?: { examined: number };
}

export type BackfillState =
  /** Reading and filling records. */
  | 'running'
  /** Paused by the user; resumes from its cursor. */
  | 'paused'
  /** Stopped because the balance ran out; resumes after a purchase (or by the user). */
  | 'out_of_credits'
  /** HubSpot refused the portal's token (uninstalled or revoked): reconnect, then resume. */
  | 'auth_failed'
  /** HubSpot refused the job's search for good (its words in stateDetail): fix the cause, then resume. */
  | 'crm_refused'
  | 'cancelled'
  | 'completed';

export interface BackfillProgress {
  /**
   * Records looked at so far (succeeded + nothing to update + failed), and the records in scope
   * when the job started.
   */
  done: number;
  total: number;
  succeeded: number;
  /** Records that already held what their ZIP gives, or a person's values: free, not failures. */
  nothingToUpdate: number;
  /**
   * Of a cancelled job, also the records it charged and never wrote, whose credits were given
   * back: failed as backfill_cancelled, as the report and the ledger show them.
   */
  failed: number;
  /** Failures only. */
  failuresByReason: Partial<Record<LookupFailureReason, number>>;
  /** One per record filled; charges given back (failed writes, a cancelled job's unwritten records) are not in it. */
  creditsSpent: number;
  /**
   * Of an undo job: the records it left as they are, by why (a person's edit or a later lookup is
   * never undone); `succeeded` counts those restored. 0 and {} for a job that fills.
   */
  skipped: number;
  skippedByReason: Partial<Record<UndoSkipReason, number>>;
  /** Records per second over the last minute of running; 0 when not running. */
  ratePerSecond: number;
  /** Seconds left at that rate; null when unknown or not running. */
  secondsLeft: number | null;
}

export interface BackfillJob {
  jobId: string;
  portalId: string;
  objectType: BackfillObjectType;
  scope: BackfillScope;
  changedSince: string | null;
  /** A fix job's health-check class: only its records, only the field(s) it concerns; null otherwise. */
  healthClass: FixableClass | null;
  /**
   * An undo job: the job whose changes it reverses, restoring each record it changed to what it
   * held before; free. null for a job that fills.
   */
  undoOf: string | null;
  state: BackfillState;
  /** A sentence for the user about the state (why it stopped, what to do). */
  stateDetail: string | null;
  progress: BackfillProgress;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/**
 * POST …/undo/dry-run: what undoing a finished job would do, nothing written and nothing charged.
 * wouldRestore and the skipped add up to recordsChanged; when the job changed more records than a
 * dry run reads (DRY_RUN_SAMPLE_SIZE), they are estimated from the `examined` records with the
 * lowest ids.
 */
export interface UndoDryRunAnswer {
  /** The job that would be undone. */
  jobId: string;
  portalId: string;
  objectType: BackfillObjectType;
  /** Records the job changed (filled): each is looked at. */
  recordsChanged: number;
  /** Records whose fields would get back the values they held before the job. */
  wouldRestore: number;
  /** Records left as they are, by why. */
  skipped: Partial<Record<UndoSkipReason, number>>;
  estimate?: { examined: number };
}

export interface BackfillJobAnswer {
  job: BackfillJob;
}

export interface BackfillJobsAnswer {
  jobs: BackfillJob[];
}

export interface AdminBackfill extends BackfillJob {
  userId: string;
  userEmail: string | null;
}

export interface AdminBackfillsAnswer {
  jobs: AdminBackfill[];
  total: number;
  page: number;
  pages: number;
}
