import type { ReactNode } from 'react';
import { useSession } from '../../../lib/session';
import { Email, Page } from '../../../ui';
import { BalanceCard } from '../components/BalanceCard';
import { ConnectBanners } from '../components/ConnectBanners';
import { ConnectionsCard, type PortalAction } from '../components/ConnectionsCard';
import { DailyUsageCard } from '../components/DailyUsageCard';
import { PaymentBanner } from '../components/PaymentBanner';
import { UsageCard } from '../components/UsageCard';

interface DashboardPageProps {
  /** Added to each connected portal's row. */
  portalAction?: PortalAction;
  /** Sections other features bring, shown under the portals. */
  children?: ReactNode;
}

/** The dashboard; the app's route hands it what other features add, so none imports another. */
export function DashboardPage({ portalAction, children }: DashboardPageProps) {
  const { user } = useSession();
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
        <PaymentBanner />
        <ConnectBanners />
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
