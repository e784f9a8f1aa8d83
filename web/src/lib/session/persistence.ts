import { createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '../api';
import { signedIn, signedOut } from './slice';
import { clearStoredSession, storeSession } from './storage';

/** Mirrors the session into localStorage, and forgets the previous user's cached data on sign-out. */
export const sessionPersistence = createListenerMiddleware();

sessionPersistence.startListening({
  actionCreator: signedIn,
  effect: ({ payload }) => storeSession(payload.token, payload.user),
});

sessionPersistence.startListening({
  actionCreator: signedOut,
  effect: (_action, listenerApi) => {
    clearStoredSession();
    listenerApi.dispatch(api.util.resetApiState());
  },
});
