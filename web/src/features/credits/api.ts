import type { CheckoutSessionAnswer } from '@api/payments/contract';
import type { OfferRequest } from '@domain/credits/pricing';
import { api } from '../../lib/api';

const creditsApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCheckoutSession: build.mutation<CheckoutSessionAnswer, OfferRequest>({
      query: (body) => ({ url: '/auth/create-checkout-session', method: 'POST', body }),
    }),
  }),
});

export const { useCreateCheckoutSessionMutation } = creditsApi;
