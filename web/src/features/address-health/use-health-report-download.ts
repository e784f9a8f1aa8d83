import { useState } from 'react';
import type { HealthCheckRequest } from '@api/address-health/contract';
import { serverErrorText } from '../../lib/errors';
import { useHealthReportMutation } from './api';

/** Fetches the check's CSV with the session's token and hands it to the browser as a file. */
export function useHealthReportDownload(portalId: string, request: HealthCheckRequest) {
  const [fetchReport, { isLoading, reset }] = useHealthReportMutation();
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setError(null);
    try {
      const csv = await fetchReport({ portalId, request }).unwrap();
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      // The name the server's Content-Disposition gives, which a fetched body does not carry.
      link.download = `zipfill-health-${request.objectType}-${portalId}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      reset();
    } catch (e) {
      setError(serverErrorText(e) ?? 'The CSV could not be downloaded. Please try again.');
    }
  };
  return { download, downloading: isLoading, error };
}
