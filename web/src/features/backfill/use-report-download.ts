import { useState } from 'react';
import type { BackfillJob } from '@api/backfill/contract';
import { serverErrorText } from '../../lib/errors';
import { useBackfillReportMutation } from './api';

/** Fetches a job's CSV report with the session's token and hands it to the browser as a file. */
export function useReportDownload({ jobId, objectType, portalId }: BackfillJob) {
  const [fetchReport, { isLoading, reset }] = useBackfillReportMutation();
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setError(null);
    try {
      const csv = await fetchReport(jobId).unwrap();
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      // The name the server's Content-Disposition gives, which a fetched body does not carry.
      link.download = `zipfill-backfill-${objectType}-${portalId}-${jobId}.csv`;
      link.click();
      // The browser has taken the file; the text need not stay in the store.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      reset();
    } catch (e) {
      setError(serverErrorText(e) ?? 'The report could not be downloaded. Please try again.');
    }
  };
  return { download, downloading: isLoading, error };
}
