import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLogoutMutation } from './api';
import { signedIn, signedOut, type SessionState } from './slice';
import type { AuthAnswer } from './types';

export function useSession() {
  const session = useSelector((state: { session: SessionState }) => state.session);
  return {
    user: session.user,
    isSignedIn: session.token !== null,
    isAdmin: session.isAdmin,
    adminKnown: session.token !== null && session.adminCheckedFor === session.token,
    restoring: session.restoring,
  };
}

/** Stores the session a login or registration answered with; the admin check follows by itself. */
export function useSignIn() {
  const dispatch = useDispatch();
  return useCallback((auth: AuthAnswer) => dispatch(signedIn(auth)), [dispatch]);
}

/** Tells the server, then signs out locally whatever it answered: the user asked to leave. */
export function useSignOut() {
  const dispatch = useDispatch();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
    try {
      await logout().unwrap();
    } catch {
      // The local sign-out below is what the user needs; a failed server call changes nothing for them.
    }
    dispatch(signedOut());
  }, [dispatch, logout]);
}
