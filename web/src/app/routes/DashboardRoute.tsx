import { CheckAddressHealth } from '../../features/address-health/components/CheckAddressHealth';
import { BackfillJobsCard } from '../../features/backfill/components/BackfillJobsCard';
import { FillExistingRecords } from '../../features/backfill/components/FillExistingRecords';
import { FixClassBackfill } from '../../features/backfill/components/FixClassBackfill';
import { DashboardPage } from '../../features/dashboard/routes/DashboardPage';

/**
 * The dashboard with the backfill and address health features in it: features meet here, never
 * in each other (a health check's "Fix these records" opens the backfill of that class).
 */
export function DashboardRoute() {
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
    </DashboardPage>
  );
}
