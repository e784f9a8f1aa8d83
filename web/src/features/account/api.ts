import { api } from '../../lib/api';

/** The answer of GET /api/auth/credit-threshold. */
export interface CreditNotifications {
  threshold: number | null;
  /** True after the e-mail's unsubscribe link, until a threshold is saved again. */
  unsubscribedByEmail: boolean;
  /** The threshold the link turned off, offered back with one click. */
  thresholdBeforeUnsubscribe: number | null;
}

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<{ message: string }, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
      invalidatesTags: ['Account'],
    }),
    creditThreshold: build.query<CreditNotifications, void>({
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
