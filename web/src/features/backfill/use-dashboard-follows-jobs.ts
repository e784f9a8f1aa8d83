import { useEffect, useRef } from 'react';
import type { BackfillJob } from '@api/backfill/contract';
import { api, useApiDispatch } from '../../lib/api';

/**
 * A running job spends credits and makes lookups without this page asking: the balance is read
 * again when the credits spent change, and the usage too when a job stops.
 */
export function useDashboardFollowsJobs(jobs: BackfillJob[] | undefined) {
  const dispatch = useApiDispatch();
  const spent = jobs?.reduce((sum, job) => sum + job.progress.creditsSpent, 0);
  const running = jobs?.filter((job) => job.state === 'running').length;
  const seen = useRef<{ spent?: number; running?: number }>({});
  useEffect(() => {
    if (spent === undefined || running === undefined) return;
    const before = seen.current;
    seen.current = { spent, running };
    if (before.spent === undefined) return;
    if (before.running !== running) dispatch(api.util.invalidateTags(['Balance', 'Usage']));
    else if (before.spent !== spent) dispatch(api.util.invalidateTags(['Balance']));
  }, [dispatch, spent, running]);
}
