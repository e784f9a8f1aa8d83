import type { IsAdminAnswer } from '@api/accounts/contract';
import { api } from '../api';

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Keyed by token so a new sign-in is checked afresh rather than served from cache. */
    isAdmin: build.query<IsAdminAnswer, string>({
      query: () => '/auth/is-admin',
      keepUnusedDataFor: 0,
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
  }),
});

export const { useIsAdminQuery, useLogoutMutation } = sessionApi;
