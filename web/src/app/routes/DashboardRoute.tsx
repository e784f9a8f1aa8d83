import { CheckAddressHealth } from '../../features/address-health/components/CheckAddressHealth';
import { BackfillJobsCard } from '../../features/backfill/components/BackfillJobsCard';
import { FillExistingRecords } from '../../features/backfill/components/FillExistingRecords';
import { FixClassBackfill } from '../../features/backfill/components/FixClassBackfill';
import { useHubspotConnectionsQuery } from '../../features/dashboard/connections-api';
import { DashboardPage } from '../../features/dashboard/routes/DashboardPage';
import { FindRecordCard } from '../../features/record-history/components/FindRecordCard';

/**
 * The dashboard with the backfill, address health and record history features in it: features
 * meet here, never in each other (a health check's "Fix these records" opens the backfill of that class).
 */
export function DashboardRoute() {
  const { data: connections } = useHubspotConnectionsQuery();
  return (
    <DashboardPage
      portalAction={(portalId) => (
        <>
          <FillExistingRecords portalId={portalId} />
          <CheckAddressHealth
            portalId={portalId}
            fix={(toFix) => <FixClassBackfill portalId={portalId} {...toFix} />}
          />
        </>
      )}
    >
      <BackfillJobsCard />
      <FindRecordCard portalIds={[...new Set((connections ?? []).map((c) => c.portal_id))]} />
    </DashboardPage>
  );
}
