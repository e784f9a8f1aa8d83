import type { Generated } from 'kysely';

/** A backfill job as the dashboard shows it; times are ISO strings. */
export interface BackfillJobsTable {
  job_id: string;
  user_id: string;
  portal_id: string;
  object_type: string;
  scope: string;
  changed_since: string | null;
  /** A fix job's health-check class (domain/address-health/fix.ts); null for an ordinary backfill. */
  health_class: string | null;
  /** An undo job: the job it reverses; null for a job that fills. */
  undo_of: string | null;
  state: string;
  state_detail: string | null;
  total: number;
  done: Generated<number>;
  succeeded: Generated<number>;
  /** JSON: failures by reason. */
  failures: Generated<string>;
  credits_spent: Generated<number>;
  /** JSON: of an undo job, the records it left as they are, by why. */
  skipped: Generated<string>;
  /** The highest record id the job finished. */
  cursor: string | null;
  /** JSON: the pages of the last minute ({at, records}), for the rate. */
  recent_pages: Generated<string>;
  /** When the job last started or resumed running; null while it is not running. */
  running_since: string | null;
  started_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** One record a job reached, and what became of it (the job's report). */
export interface BackfillRecordsTable {
  job_id: string;
  object_id: string;
  zip: string;
  outcome: 'succeeded' | 'failed';
  reason: string | null;
  /** JSON: the properties written, by name. */
  filled: string;
  at: string;
}

/** One record an undo job reached, and what became of it (its report). */
export interface BackfillUndoRecordsTable {
  job_id: string;
  object_id: string;
  outcome: 'restored' | 'skipped' | 'failed';
  /** Why it was skipped or failed; null when restored. */
  reason: string | null;
  /** JSON: the names of the properties written back, and of those kept. */
  restored: string;
  kept: string;
  at: string;
}

/** The last start marker of the backfill runner, once the records read model has applied it. */
export interface BackfillRunnerMarksTable {
  id: string;
  marker: string;
}

export interface BackfillTables {
  backfill_jobs: BackfillJobsTable;
  backfill_records: BackfillRecordsTable;
  backfill_undo_records: BackfillUndoRecordsTable;
  backfill_runner_marks: BackfillRunnerMarksTable;
}
