import type { Express } from 'express';
import type { HttpModule } from '../http/app';
import type { Settings } from '../settings';
import type { PublicConfigAnswer, StandIns } from './contract';

export interface PublicConfigDeps {
  settings: Settings;
  standIns: () => StandIns;
  devMailUrl: string | null;
  /** The ZIP data's attribution line, once the lookup data is wired in (empty until then). */
  zipAttribution: () => string;
}

/** GET /api/config/public: what the web app needs to know about this deployment, and nothing secret. */
export function publicConfigModule(deps: PublicConfigDeps): HttpModule {
  return {
    routes(app: Express) {
      app.get('/api/config/public', (_req, res) => {
        const s = deps.settings;
        res.setHeader('Cache-Control', 'no-cache');
        res.json({
          captchaSiteKey: s.recaptchaSiteKey ?? null,
          trackingScriptUrl: s.trackingScriptUrl ?? null,
          trackingPixelId: s.trackingPixelId ?? null,
          standIns: deps.standIns(),
          publicDemo: s.publicDemo,
          devMailUrl: deps.devMailUrl,
          zipAttribution: deps.zipAttribution(),
          supportEmail: s.supportEmail,
          setupVideoUrl: s.setupVideoUrl ?? null,
          communityChatUrl: s.communityChatUrl ?? null,
        } satisfies PublicConfigAnswer);
      });
    },
  };
}

/** The third-party origins the configured tracking and captcha need, for the content security policy. */
export function thirdPartySources(s: Settings) {
  const scriptSources: string[] = [];
  const imageSources: string[] = [];
  const frameSources: string[] = [];
  const connectSources: string[] = [];
  if (s.trackingScriptUrl) {
    const origin = new URL(s.trackingScriptUrl).origin;
    scriptSources.push(origin);
    connectSources.push(origin);
    imageSources.push(origin);
  }
  // The pixel is an image request to the advertising network (see web/src/lib/tracking.ts).
  if (s.trackingPixelId) imageSources.push('https://www.facebook.com');
  if (s.recaptchaSiteKey) {
    scriptSources.push('https://www.google.com', 'https://www.gstatic.com');
    frameSources.push('https://www.google.com');
  }
  // The video player is framed only after the visitor clicks play (web/src/features/setup-guide).
  if (s.setupVideoUrl) frameSources.push(new URL(s.setupVideoUrl).origin);
  const unique = (list: string[]) => [...new Set(list)];
  return {
    scriptSources: unique(scriptSources),
    imageSources: unique(imageSources),
    frameSources: unique(frameSources),
    connectSources: unique(connectSources),
  };
}
