import { useSession } from '../../../lib/session';
import { Email, Page } from '../../../ui';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { DeleteAccountCard } from '../components/DeleteAccountCard';
import { SubscriptionCard } from '../components/SubscriptionCard';
import { ThresholdForm } from '../components/ThresholdForm';

export function ManageAccountPage() {
  const { user } = useSession();
  return (
    <Page
      title="Manage Account"
      intro={
        user ? (
          <>
            Signed in as <Email address={user.email} />
          </>
        ) : undefined
      }
    >
      <div className="grid grid-2 align-start">
        <ChangePasswordForm />
        <div className="stack">
          <SubscriptionCard />
          <ThresholdForm />
        </div>
      </div>
      <DeleteAccountCard />
    </Page>
  );
}
