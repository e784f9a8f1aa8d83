import type { BackfillJob } from '@api/backfill/contract';
import { useCsvDownload } from '../../lib/csv-download';
import { useBackfillReportMutation } from './api';
import { reportFileName } from './job-view';

/** Downloads a job's CSV report. */
export function useReportDownload(job: BackfillJob) {
  const { download, ...state } = useCsvDownload(
    useBackfillReportMutation(),
    'The report could not be downloaded. Please try again.',
  );
  return {
    ...state,
    download: () => download(job.jobId, reportFileName(job)),
  };
}
