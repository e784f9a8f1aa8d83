import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../lib/session';
import { Spinner } from '../ui';
import { paths } from './paths';

/** Signed-out visitors are sent to /login; the server still refuses them on its own. */
export function RequireSignedIn() {
  const { isSignedIn } = useSession();
  if (!isSignedIn) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}

/** Only admins see the admin area; everyone else lands on their dashboard. */
export function RequireAdmin() {
  const { isSignedIn, isAdmin, adminKnown } = useSession();
  if (!isSignedIn) return <Navigate to={paths.login} replace />;
  if (!adminKnown) return <Spinner fullPage />;
  if (!isAdmin) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}

/** Pages meant for visitors who have no account yet (pricing); a signed-in user goes to the dashboard. */
export function RequireSignedOut() {
  const { isSignedIn } = useSession();
  if (isSignedIn) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
