import { createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '../api';
import { selectPublicConfig, type PublicConfigState } from '../public-config';
import { sessionApi } from './api';
import { signedIn, signedOut } from './slice';
import { clearStoredSession, storeSession } from './storage';

/** Mirrors the session into localStorage, and forgets everything of the previous user on sign-out. */
export const sessionPersistence = createListenerMiddleware();

sessionPersistence.startListening({
  actionCreator: signedIn,
  effect: ({ payload }) => storeSession(payload.token, payload.user),
});

/*
 * Every way out comes here: the Logout button, an expired session, a deleted account. The next
 * person on this browser must find nothing of this user: not the stored session, not a cached
 * answer, not the sandbox CRM's pass (its pages would otherwise still open as this user).
 */
sessionPersistence.startListening({
  actionCreator: signedOut,
  effect: (_action, listenerApi) => {
    clearStoredSession();
    // Only a sandbox issues passes; until the configuration has answered, clearing is the safe side.
    const sandbox =
      selectPublicConfig(listenerApi.getState() as PublicConfigState)?.standIns.hubspot !== false;
    listenerApi.dispatch(api.util.resetApiState());
    if (sandbox)
      void listenerApi.dispatch(
        sessionApi.endpoints.forgetSandboxCrmPass.initiate(undefined, { track: false }),
      );
  },
});
