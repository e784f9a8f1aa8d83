import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { useDispatch } from 'react-redux';

/** The part of the store the API slice reads; typed here so lib does not import the app store. */
interface TokenState {
  session: { token: string | null };
}

/**
 * The one API slice. Features inject their endpoints; tags let a mutation refresh exactly
 * the reads it changed.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api',
    prepareHeaders: (headers, { getState }) => {
      const token = (getState() as TokenState).session.token;
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  }),
  tagTypes: [
    'Balance',
    'Usage',
    'Connections',
    'PortalConfig',
    'Account',
    'Subscription',
    'Threshold',
    'Backfill',
    'RecordHistory',
  ],
  endpoints: () => ({}),
});

/** Dispatches the API slice's thunks (invalidate, await running reads) without knowing the app's store. */
export const useApiDispatch = useDispatch.withTypes<ThunkDispatch<TokenState, unknown, UnknownAction>>();
