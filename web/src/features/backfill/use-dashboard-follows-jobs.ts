import { useEffect, useRef } from 'react';
import type { BackfillJob } from '@api/backfill/contract';
import { api, useApiDispatch } from '../../lib/api';
import { isRunning } from './job-view';

/** What the jobs say about the rest of the dashboard: credits spent so far, jobs running. */
export interface JobsMark {
  spent: number;
  running: number;
}

export const jobsMark = (jobs: readonly BackfillJob[]): JobsMark => ({
  spent: jobs.reduce((sum, job) => sum + job.progress.creditsSpent, 0),
  running: jobs.filter((job) => isRunning(job.state)).length,
});

/**
 * The dashboard's reads a change in the jobs makes stale: the balance when credits were spent,
 * the usage too when a job started or stopped. Nothing on the first reading.
 */
export function staleReads(before: JobsMark | undefined, now: JobsMark): ('Balance' | 'Usage')[] {
  if (!before) return [];
  if (before.running !== now.running) return ['Balance', 'Usage'];
  if (before.spent !== now.spent) return ['Balance'];
  return [];
}

/** A running job spends credits and makes lookups without this page asking: read them again. */
export function useDashboardFollowsJobs(jobs: readonly BackfillJob[] | undefined) {
  const dispatch = useApiDispatch();
  const { spent, running } = jobs ? jobsMark(jobs) : { spent: undefined, running: undefined };
  const seen = useRef<JobsMark>(undefined);
  useEffect(() => {
    if (spent === undefined || running === undefined) return;
    const stale = staleReads(seen.current, { spent, running });
    seen.current = { spent, running };
    if (stale.length > 0) dispatch(api.util.invalidateTags(stale));
  }, [dispatch, spent, running]);
}
