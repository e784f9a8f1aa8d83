import type { LookupCountAnswer } from '@api/credits/contract';
import { api } from '../../lib/api';

const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    lookupCount: build.query<LookupCountAnswer, void>({
      query: () => '/auth/lookup-count',
    }),
  }),
});

export const { useLookupCountQuery } = homeApi;
