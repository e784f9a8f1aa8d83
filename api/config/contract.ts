/** Which local stand-ins run in place of a third party. */
export interface StandIns {
  hubspot: boolean;
  stripe: boolean;
  mail: boolean;
  captcha: boolean;
}

/** GET /api/config/public: what the web app needs to know about this deployment, and nothing secret. */
export interface PublicConfigAnswer {
  captchaSiteKey: string | null;
  trackingScriptUrl: string | null;
  trackingPixelId: string | null;
  standIns: StandIns;
  /** A public deployment that runs stand-ins on purpose (ALLOW_STAND_INS): every page says so. */
  publicDemo: boolean;
  devMailUrl: string | null;
  zipAttribution: string;
  supportEmail: string;
  /** The setup guide's backfilling video embed URL, when one is configured. */
  setupVideoUrl: string | null;
  /** The community chat the support page links to, when one is configured. */
  communityChatUrl: string | null;
}
