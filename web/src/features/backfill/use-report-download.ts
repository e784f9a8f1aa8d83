import type { BackfillJob } from '@api/backfill/contract';
import { useCsvDownload } from '../../lib/csv-download';
import { useBackfillReportMutation } from './api';

/** Downloads a job's CSV report. */
export function useReportDownload({ jobId, objectType, portalId }: BackfillJob) {
  const { download, ...state } = useCsvDownload(
    useBackfillReportMutation(),
    'The report could not be downloaded. Please try again.',
  );
  return {
    ...state,
    download: () => download(jobId, `zipfill-backfill-${objectType}-${portalId}-${jobId}.csv`),
  };
}
