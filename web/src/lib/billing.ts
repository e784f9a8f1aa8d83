import type { CreditBalanceAnswer } from '@api/credits/contract';
import type { PortalSessionAnswer, SubscriptionStatusAnswer } from '@api/payments/contract';
import { useState } from 'react';
import { api } from './api';
import { serverErrorText } from './errors';

/** Balance, subscription and billing portal: read by the dashboard, the Credits page and Manage Account. */
const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    creditBalance: build.query<CreditBalanceAnswer, void>({
      query: () => '/auth/credit-balance',
      providesTags: ['Balance'],
    }),
    subscriptionStatus: build.query<SubscriptionStatusAnswer, void>({
      query: () => '/auth/subscription-status',
      providesTags: ['Subscription'],
    }),
    createPortalSession: build.mutation<PortalSessionAnswer, void>({
      query: () => ({ url: '/auth/create-portal-session', method: 'POST', body: {} }),
    }),
  }),
});

export const { useCreditBalanceQuery, useSubscriptionStatusQuery, useCreatePortalSessionMutation } =
  billingApi;

/** Sends the browser to the billing portal, where the plan, the card or the cancellation is managed. */
export function useBillingPortal() {
  const [create, { isLoading }] = useCreatePortalSessionMutation();
  const [error, setError] = useState<string | null>(null);
  async function open() {
    setError(null);
    try {
      window.location.assign((await create().unwrap()).url);
    } catch (e) {
      setError(serverErrorText(e) ?? 'The billing portal could not be opened. Please try again.');
    }
  }
  return { open, opening: isLoading, error };
}
