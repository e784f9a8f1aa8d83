import { api } from '../../lib/api';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<{ message: string }, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
      invalidatesTags: ['Account'],
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

export const { useChangePasswordMutation, useCreditThresholdQuery, useSetCreditThresholdMutation } =
  accountApi;
