import { api } from '../../lib/api';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<{ message: string }, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
      invalidatesTags: ['Account'],
    }),
    subscriptionStatus: build.query<{ hasActiveSubscription: boolean }, void>({
      query: () => '/auth/subscription-status',
      providesTags: ['Subscription'],
    }),
    createPortalSession: build.mutation<{ url: string }, void>({
      query: () => ({ url: '/auth/create-portal-session', method: 'POST', body: {} }),
    }),
    creditThreshold: build.query<{ threshold: number | null }, void>({
      query: () => '/auth/credit-threshold',
      providesTags: ['Threshold'],
    }),
    setCreditThreshold: build.mutation<{ threshold: number | null }, { threshold: number | null }>({
      query: (body) => ({ url: '/auth/credit-threshold', method: 'POST', body }),
      invalidatesTags: ['Threshold'],
    }),
  }),
});

export const {
  useChangePasswordMutation,
  useSubscriptionStatusQuery,
  useCreatePortalSessionMutation,
  useCreditThresholdQuery,
  useSetCreditThresholdMutation,
} = accountApi;
