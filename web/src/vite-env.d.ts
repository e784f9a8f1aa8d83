/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Embed URL of the backfilling tutorial; without it the setup guide shows the written steps only. */
  readonly VITE_BACKFILL_VIDEO_URL?: string;
}
