import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import type { BackfillJob } from '@api/backfill/contract';
import { paths } from '../../../app/paths';
import { doneText, jobScopeText, jobTitle, stateLabel } from '../../../lib/backfill';
import { ProgressBar, Spinner } from '../../../ui';
import { rateText, stateSentence, timeLeftText } from '../job-view';
import { JobControls } from './JobControls';
import { formatNumber } from '../../../lib/plural';

const FailureChart = lazy(() => import('./FailureChart'));

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** One job: what it fills, its progress and figures, its state in words and what can be done. */
export function BackfillJobItem({ job }: { job: BackfillJob }) {
  const { progress } = job;
  const title = jobTitle(job);
  const rate = rateText(progress.ratePerSecond);
  const left = timeLeftText(progress.secondsLeft);
  return (
    <li className="backfill-job">
      <div className="backfill-job-head">
        <h3 className="panel-subtitle">{title}</h3>
        <span className={`badge backfill-state backfill-state-${job.state}`}>{stateLabel(job.state)}</span>
      </div>
      <p className="muted small">
        {jobScopeText(job)}
        {job.changedSince && ` · changed since ${job.changedSince}`} · started {when(job.startedAt)}
        {job.finishedAt && ` · finished ${when(job.finishedAt)}`}
      </p>
      <ProgressBar
        value={progress.done}
        max={progress.total}
        label={`Backfill of ${title}`}
        valueText={doneText(progress)}
      />
      <dl className="figures backfill-figures">
        <div>
          <dt>Done</dt>
          <dd>{doneText(progress)}</dd>
        </div>
        <div>
          <dt>Filled</dt>
          <dd>{formatNumber(progress.succeeded)}</dd>
        </div>
        <div>
          <dt>Nothing to update</dt>
          <dd>{formatNumber(progress.nothingToUpdate)}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{formatNumber(progress.failed)}</dd>
        </div>
        <div>
          <dt>Credits spent</dt>
          <dd>{formatNumber(progress.creditsSpent)}</dd>
        </div>
        {rate && (
          <div>
            <dt>Rate</dt>
            <dd>{rate}</dd>
          </div>
        )}
        {left && (
          <div>
            <dt>Time left</dt>
            <dd>{left}</dd>
          </div>
        )}
      </dl>
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
      <JobControls job={job} />
    </li>
  );
}
