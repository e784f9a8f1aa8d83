import type { HealthCheckRequest } from '@api/address-health/contract';
import { useCsvDownload } from '../../lib/csv-download';
import { useHealthReportMutation } from './api';

/** Downloads the health check's CSV. */
export function useHealthReportDownload(portalId: string, request: HealthCheckRequest) {
  const { download, ...state } = useCsvDownload(
    useHealthReportMutation(),
    'The CSV could not be downloaded. Please try again.',
  );
  return {
    ...state,
    download: () => download({ portalId, request }, `zipfill-health-${request.objectType}-${portalId}.csv`),
  };
}
