import { api } from '../../lib/api';

const unsubscribeApi = api.injectEndpoints({
  endpoints: (build) => ({
    unsubscribeCredits: build.query<{ message: string }, string>({
      query: (token) => `/auth/unsubscribe-credits/${encodeURIComponent(token)}`,
    }),
  }),
});

export const { useUnsubscribeCreditsQuery } = unsubscribeApi;
