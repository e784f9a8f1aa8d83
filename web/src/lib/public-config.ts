import type { PublicConfigAnswer } from '@api/config/contract';
import { api } from './api';

const publicConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicConfig: build.query<PublicConfigAnswer, void>({
      query: () => '/config/public',
      // The configuration changes only when the server restarts.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { usePublicConfigQuery } = publicConfigApi;
