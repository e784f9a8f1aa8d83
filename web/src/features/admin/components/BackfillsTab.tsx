import { useState } from 'react';
import type { AdminBackfill, BackfillState, UndoSkipReason } from '@api/backfill/contract';
import {
  doneText,
  jobScopeText,
  jobTitle,
  restoredText,
  skipBreakdown,
  stateLabel,
  undoLabel,
} from '../../../lib/backfill';
import { Card, Email, ProgressBar, Spinner } from '../../../ui';
import { useAdminBackfillsQuery } from '../api';
import { GREEN, GREY, ORANGE, RED } from '../lib/colours';
import { ago } from '../lib/format';
import { formatNumber } from '../../../lib/plural';
import { ADMIN_REFRESH_MS } from '../lib/refresh';
import { usePaging } from '../lib/use-paged-search';
import { Pager } from './Pager';
import { RetryAlert } from './RetryAlert';
import { Badge } from './Stat';
import { TimelineModal } from './LogModals';
import { backfillRequestId } from '@domain/backfill/events';
import { reasonBreakdown } from '../../../lib/failure-reasons';

const STATE_COLOURS: Record<BackfillState, string> = {
  running: GREEN,
  completed: GREEN,
  paused: GREY,
  cancelled: GREY,
  out_of_credits: ORANGE,
  auth_failed: RED,
  crm_refused: RED,
};

/** Why an undo left records as they are, in the table's few words. */
const SKIP_SHORT: Record<UndoSkipReason, string> = {
  changed_since: 'changed since',
  already_undone: 'already undone',
  before_unknown: 'earlier values unknown',
  record_deleted: 'deleted',
};

/** Every user's backfill jobs, running and finished, newest first, a page at a time. */
export function BackfillsTab() {
  const paging = usePaging();
  const { limit, offset } = paging;
  const [timeline, setTimeline] = useState<string | null>(null);
  const { data, isError, isLoading, refetch } = useAdminBackfillsQuery(
    { page: Math.floor(offset / limit) + 1, limit },
    { pollingInterval: ADMIN_REFRESH_MS },
  );
  return (
    <Card title="Backfill Jobs">
      {isError && <RetryAlert onRetry={refetch}>Failed to load backfill jobs</RetryAlert>}
      {isLoading ? (
        <Spinner label="Loading backfill jobs..." />
      ) : data && data.jobs.length === 0 ? (
        <p className="muted">No backfill jobs yet</p>
      ) : data ? (
        // Focusable so a keyboard can scroll the table sideways on a phone.
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Backfill jobs">
          <table className="admin-table">
            <thead>
              <tr>
                <th>Job</th>
                <th>User</th>
                <th>State</th>
                <th>Progress</th>
                <th>Credits</th>
                <th>Updated</th>
                <th>Records</th>
              </tr>
            </thead>
            <tbody>
              {data.jobs.map((job) => (
                <BackfillRow key={job.jobId} job={job} onRecords={() => setTimeline(job.jobId)} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {timeline && (
        <TimelineModal requestId={backfillRequestId(timeline)} onClose={() => setTimeline(null)} />
      )}
      {data && <Pager paging={paging} total={data.total} noun="job" />}
    </Card>
  );
}

function BackfillRow({ job, onRecords }: { job: AdminBackfill; onRecords: () => void }) {
  const title = jobTitle(job);
  const undo = undoLabel(job);
  const skipped = skipBreakdown(job.progress.skippedByReason);
  return (
    <tr>
      <td data-label="Job">
        {title}
        <div className="muted small">
          {undo ? <Badge colour={GREY}>{undo}</Badge> : jobScopeText(job, true)}
        </div>
      </td>
      <td className="admin-backfill-user" data-label="User">
        {job.userEmail ? <Email address={job.userEmail} /> : <span className="muted">{job.userId}</span>}
      </td>
      <td data-label="State">
        <Badge colour={STATE_COLOURS[job.state]}>{stateLabel(job.state)}</Badge>
      </td>
      <td className="admin-backfill-progress" data-label="Progress">
        <ProgressBar
          value={job.progress.done}
          max={job.progress.total}
          label={`Backfill of ${title}`}
          valueText={doneText(job.progress)}
        />
        <div className="small">{doneText(job.progress)}</div>
        <div className="muted small">
          {undo ? (
            restoredText(job.progress)
          ) : (
            <>
              {formatNumber(job.progress.succeeded)} filled · {formatNumber(job.progress.nothingToUpdate)}{' '}
              nothing to update · {formatNumber(job.progress.failed)} failed
            </>
          )}
        </div>
        {skipped.length > 0 && (
          <div className="muted small">
            Skipped:{' '}
            {skipped.map(({ reason, count }) => `${SKIP_SHORT[reason]}: ${formatNumber(count)}`).join(', ')}
          </div>
        )}
      </td>
      <td data-label="Credits">{undo ? 'Free' : formatNumber(job.progress.creditsSpent)}</td>
      <td data-label="Updated">{ago(job.updatedAt)}</td>
      <td data-label="Records">
        <button type="button" className="btn btn-ghost" onClick={onRecords}>
          Records and failures
        </button>
        {job.progress.failed > 0 && (
          <div className="muted small">
            {reasonBreakdown(job.progress.failuresByReason)
              .map(({ label, count }) => `${label}: ${formatNumber(count)}`)
              .join(', ')}
          </div>
        )}
      </td>
    </tr>
  );
}
