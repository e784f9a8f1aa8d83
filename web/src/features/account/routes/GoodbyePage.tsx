import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { sessionSlice, useSession } from '../../../lib/session';
import { LinkButton, Page } from '../../../ui';

/**
 * Shown once an account is deleted. The server has ended every session already; this forgets the
 * one the browser holds, without asking the server (it would only answer that the session is gone).
 */
export function GoodbyePage() {
  const dispatch = useDispatch();
  const { isSignedIn } = useSession();
  const deleted = (useLocation().state as { accountDeleted?: boolean } | null)?.accountDeleted === true;
  useEffect(() => {
    if (deleted && isSignedIn) dispatch(sessionSlice.actions.signedOut());
  }, [deleted, isSignedIn, dispatch]);
  return (
    <Page title="Account deleted" heading="Your account has been deleted" narrow>
      <div className="stack">
        <p>
          Goodbye, and thank you for using ZipFill. You have been signed out on every device, your HubSpot
          connections are removed and your personal data is erased.
        </p>
        <p className="muted">
          You can register again with the same e-mail address at any time; it will be a new account.
        </p>
        <div className="button-row">
          <LinkButton to={paths.home}>Back to the home page</LinkButton>
        </div>
      </div>
    </Page>
  );
}
