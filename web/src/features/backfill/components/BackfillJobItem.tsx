import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import type { BackfillJob } from '@api/backfill/contract';
import { paths } from '../../../app/paths';
import { doneText, jobScopeText, restoredText, skipBreakdown, stateLabel } from '../../../lib/backfill';
import { ProgressBar, Spinner } from '../../../ui';
import { jobFigures, jobNames, stateSentence, whenText as when } from '../job-view';
import { JobControls } from './JobControls';
import { formatNumber } from '../../../lib/plural';

const FailureChart = lazy(() => import('./FailureChart'));

/**
 * One job: what it fills (or, of an undo, which job it reverses), its progress and figures, its
 * state in words and what can be done. `undone` is the job an undo job reverses, and `undoneBy`
 * the latest undo of this job, when listed (the list is newest first).
 */
export function BackfillJobItem({
  job,
  undone,
  undoneBy,
}: {
  job: BackfillJob;
  undone?: BackfillJob;
  undoneBy?: BackfillJob;
}) {
  const { progress } = job;
  const undo = job.undoOf !== null;
  const { title, subject, progressLabel } = jobNames(job, undone ? when(undone.startedAt) : null);
  const progressText = undo ? restoredText(progress) : doneText(progress);
  const skipped = skipBreakdown(progress.skippedByReason);
  return (
    <li className="backfill-job">
      <div className="backfill-job-head">
        <h3 className="panel-subtitle">{title}</h3>
        <span className={`badge backfill-state backfill-state-${job.state}`}>{stateLabel(job.state)}</span>
      </div>
      <p className="muted small">
        {undo ? 'Restores what the job’s records held before it · free' : jobScopeText(job)}
        {!undo && job.changedSince && ` · changed since ${job.changedSince}`} · started {when(job.startedAt)}
        {job.finishedAt && ` · finished ${when(job.finishedAt)}`}
      </p>
      <ProgressBar
        value={progress.done}
        max={progress.total}
        label={progressLabel}
        valueText={progressText}
      />
      <dl className="figures backfill-figures">
        {jobFigures(job).map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {undo && <p className="backfill-sum">{progressText}.</p>}
      {skipped.length > 0 && (
        <ul className="backfill-reasons" aria-label="Why records were skipped">
          {skipped.map(({ reason, label, count }) => (
            <li key={reason}>
              {formatNumber(count)} skipped: {label}
            </li>
          ))}
        </ul>
      )}
      <p className={`backfill-sentence backfill-sentence-${job.state}`}>
        {stateSentence(job)}
        {job.state === 'out_of_credits' && (
          <>
            {' '}
            <Link to={paths.credits}>Buy credits</Link>
          </>
        )}
      </p>
      {progress.failed > 0 && (
        <Suspense fallback={<Spinner label="Loading chart..." />}>
          <FailureChart reasons={progress.failuresByReason} />
        </Suspense>
      )}
      <JobControls job={job} subject={subject} undoneBy={undoneBy} />
    </li>
  );
}
