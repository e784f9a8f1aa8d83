import type { ReactNode } from 'react';
import { useSession } from '../../../lib/session';
import { Email, Page } from '../../../ui';
import { BalanceCard } from '../components/BalanceCard';
import { ConnectionsCard, type PortalAction } from '../components/ConnectionsCard';
import { DailyUsageCard } from '../components/DailyUsageCard';
import { UsageCard } from '../components/UsageCard';
import { useReturnBanners } from '../return-banners';

interface DashboardPageProps {
  /** Added to each connected portal's row. */
  portalAction?: PortalAction;
  /** Sections other features bring, shown under the portals. */
  children?: ReactNode;
}

/** The dashboard; the app's route hands it what other features add, so none imports another. */
export function DashboardPage({ portalAction, children }: DashboardPageProps) {
  const { user } = useSession();
  useReturnBanners();
  return (
    <Page
      title="Dashboard"
      heading={
        <>
          Welcome, <Email address={user?.email ?? ''} />
        </>
      }
    >
      <div className="stack">
        <div className="grid grid-2">
          <BalanceCard />
          <UsageCard />
        </div>
        <ConnectionsCard portalAction={portalAction} />
        {children}
        <DailyUsageCard />
      </div>
    </Page>
  );
}
