import { api } from './api';

/** What the server says about itself: optional third parties and which stand-ins are running. */
export interface PublicConfig {
  captchaSiteKey: string | null;
  trackingScriptUrl: string | null;
  trackingPixelId: string | null;
  standIns: { hubspot: boolean; stripe: boolean; mail: boolean; captcha: boolean };
  devMailUrl: string | null;
  zipAttribution: string;
  supportEmail: string;
}

const publicConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicConfig: build.query<PublicConfig, void>({
      query: () => '/config/public',
      // The configuration changes only when the server restarts.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { usePublicConfigQuery } = publicConfigApi;
