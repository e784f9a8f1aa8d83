import { api } from '../../lib/api';

const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    lookupCount: build.query<{ allTimeSuccessfulLookups: number }, void>({
      query: () => '/auth/lookup-count',
    }),
  }),
});

export const { useLookupCountQuery } = homeApi;
