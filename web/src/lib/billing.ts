import { api } from './api';

/** The answer of GET /api/auth/subscription-status: the active plan, if any. */
export interface SubscriptionStatus {
  hasActiveSubscription: boolean;
  plan: { name: string; credits: number; amountCents: number } | null;
}

/** Balance, subscription and billing portal: read by the dashboard, the Credits page and Manage Account. */
const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    creditBalance: build.query<{ creditBalance: number }, void>({
      query: () => '/auth/credit-balance',
      providesTags: ['Balance'],
    }),
    subscriptionStatus: build.query<SubscriptionStatus, void>({
      query: () => '/auth/subscription-status',
      providesTags: ['Subscription'],
    }),
    createPortalSession: build.mutation<{ url: string }, void>({
      query: () => ({ url: '/auth/create-portal-session', method: 'POST', body: {} }),
    }),
  }),
});

export const { useCreditBalanceQuery, useSubscriptionStatusQuery, useCreatePortalSessionMutation } =
  billingApi;
