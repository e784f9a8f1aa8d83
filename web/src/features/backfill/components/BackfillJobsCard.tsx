import { serverErrorText } from '../../../lib/errors';
import { Alert, Button, Card, Spinner } from '../../../ui';
import { useBackfillJobsQuery, useBackfillJobsQueryState } from '../api';
import { isRunning } from '../job-view';
import { useDashboardFollowsJobs } from '../use-dashboard-follows-jobs';
import { BackfillJobItem } from './BackfillJobItem';
import '../backfill.css';

/** How often the jobs are read again while one runs: progress a person watches. */
const LIVE_POLL_MS = 2_000;

/** The dashboard's "Backfill jobs" panel: every job of the user, newest first, live while one runs. */
export function BackfillJobsCard() {
  // The same cache entry, read before subscribing, decides whether the subscription polls.
  const { data: cached } = useBackfillJobsQueryState();
  const live = cached?.some((job) => isRunning(job.state)) ?? false;
  const {
    data: jobs,
    error,
    isLoading,
    refetch,
  } = useBackfillJobsQuery(undefined, {
    pollingInterval: live ? LIVE_POLL_MS : 0,
    skipPollingIfUnfocused: true,
    refetchOnMountOrArgChange: true,
  });
  useDashboardFollowsJobs(jobs);

  return (
    <Card title="Backfill jobs">
      {isLoading ? (
        <Spinner label="Loading backfill jobs..." />
      ) : error && !jobs ? (
        <Alert kind="error">
          {serverErrorText(error) ?? 'Failed to fetch backfill jobs'}{' '}
          <Button variant="secondary" onClick={() => void refetch()}>
            Retry
          </Button>
        </Alert>
      ) : jobs && jobs.length > 0 ? (
        <ul className="backfill-jobs">
          {jobs.map((job) => (
            <BackfillJobItem
              key={job.jobId}
              job={job}
              undone={job.undoOf === null ? undefined : jobs.find((j) => j.jobId === job.undoOf)}
              undoneBy={jobs.find((j) => j.undoOf === job.jobId)}
            />
          ))}
        </ul>
      ) : (
        <p className="muted">
          No backfill jobs yet. Use “Fill existing records” on a connected portal to fill the records you
          already have.
        </p>
      )}
    </Card>
  );
}
