import type { CreditNotificationsAnswer, ThresholdSavedAnswer } from '@api/credits/contract';
import type { MessageAnswer } from '@api/http/contract';
import { api } from '../../lib/api';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<MessageAnswer, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
      invalidatesTags: ['Account'],
    }),
    /** Signs out everywhere on success: the session this request used ends with the account. */
    deleteAccount: build.mutation<MessageAnswer, { password: string }>({
      query: (body) => ({ url: '/auth/account', method: 'DELETE', body }),
    }),
    creditThreshold: build.query<CreditNotificationsAnswer, void>({
      query: () => '/auth/credit-threshold',
      providesTags: ['Threshold'],
    }),
    setCreditThreshold: build.mutation<ThresholdSavedAnswer, { threshold: number | null }>({
      query: (body) => ({ url: '/auth/credit-threshold', method: 'POST', body }),
      invalidatesTags: ['Threshold'],
    }),
  }),
});

export const {
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useCreditThresholdQuery,
  useSetCreditThresholdMutation,
} = accountApi;
