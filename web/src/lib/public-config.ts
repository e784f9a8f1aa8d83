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
  /** The setup guide's backfilling video embed URL, when one is configured. */
  setupVideoUrl: string | null;
  /** The community chat the support page links to, when one is configured. */
  communityChatUrl: string | null;
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
