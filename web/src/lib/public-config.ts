import type { PublicConfigAnswer } from '@api/config/contract';
import { api } from './api';

export const publicConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicConfig: build.query<PublicConfigAnswer, void>({
      query: () => '/config/public',
      // The configuration changes only when the server restarts.
      keepUnusedDataFor: 3600,
    }),
    /** On a public demo, lets the development mailbox know this signed-in reader (it shows only their mail). */
    devMailPass: build.mutation<void, void>({
      query: () => ({ url: '/auth/dev-mail-pass', method: 'POST', body: {} }),
    }),
  }),
});

export const { usePublicConfigQuery, useDevMailPassMutation } = publicConfigApi;

const selectPublicConfigResult = publicConfigApi.endpoints.publicConfig.select();

/** A store holding the API slice, as the selector below reads it. */
export type PublicConfigState = Parameters<typeof selectPublicConfigResult>[0];

/** The configuration as last fetched, for code outside components; undefined until it has answered. */
export const selectPublicConfig = (state: PublicConfigState) => selectPublicConfigResult(state).data;
