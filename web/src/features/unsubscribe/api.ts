import type { MessageAnswer } from '@api/http/contract';
import { api } from '../../lib/api';

const unsubscribeApi = api.injectEndpoints({
  endpoints: (build) => ({
    unsubscribeCredits: build.query<MessageAnswer, string>({
      query: (token) => `/auth/unsubscribe-credits/${encodeURIComponent(token)}`,
    }),
  }),
});

export const { useUnsubscribeCreditsQuery } = unsubscribeApi;
