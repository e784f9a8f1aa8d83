import { useSession } from '../../../lib/session';
import { Page } from '../../../ui';
import { BalanceCard } from '../components/BalanceCard';
import { ConnectBanners } from '../components/ConnectBanners';
import { ConnectionsCard } from '../components/ConnectionsCard';
import { DailyUsageCard } from '../components/DailyUsageCard';
import { PaymentBanner } from '../components/PaymentBanner';
import { UsageCard } from '../components/UsageCard';

export function DashboardPage() {
  const { user } = useSession();
  return (
    <Page title="Dashboard" heading={`Welcome, ${user?.email ?? ''}`}>
      <div className="stack">
        <PaymentBanner />
        <ConnectBanners />
        <div className="grid grid-2">
          <BalanceCard />
          <UsageCard />
        </div>
        <ConnectionsCard />
        <DailyUsageCard />
      </div>
    </Page>
  );
}
