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
    /** Expires the sandbox CRM's HttpOnly pass cookie (the dashboard's sandboxCrmPass sets it); needs no token. */
    forgetSandboxCrmPass: build.mutation<void, void>({
      query: () => ({ url: '/auth/sandbox-crm-pass', method: 'DELETE' }),
    }),
  }),
});

export const { useIsAdminQuery, useLogoutMutation } = sessionApi;
