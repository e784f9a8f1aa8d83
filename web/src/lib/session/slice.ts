import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStoredSession } from './storage';
import type { AuthAnswer, SessionUser } from './types';

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  isAdmin: boolean;
  /** The token whose admin status is known; until it equals `token`, admin-only views wait. */
  adminCheckedFor: string | null;
  /** True from start-up until the stored session's first admin check has answered. */
  restoring: boolean;
}

function initialState(): SessionState {
  const stored = readStoredSession();
  return {
    token: stored?.token ?? null,
    user: stored?.user ?? null,
    isAdmin: false,
    adminCheckedFor: null,
    restoring: stored !== null,
  };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<AuthAnswer>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.isAdmin = false;
      state.adminCheckedFor = null;
    },
    adminChecked(state, action: PayloadAction<{ token: string; isAdmin: boolean }>) {
      if (action.payload.token !== state.token) return;
      state.isAdmin = action.payload.isAdmin;
      state.adminCheckedFor = action.payload.token;
      state.restoring = false;
    },
    signedOut(state) {
      state.token = null;
      state.user = null;
      state.isAdmin = false;
      state.adminCheckedFor = null;
      state.restoring = false;
    },
  },
});

export const { signedIn, adminChecked, signedOut } = sessionSlice.actions;
