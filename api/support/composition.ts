import type { RateLimiter, RateLimitPolicy } from '../auth/rate-limit';
import type { HttpModule } from '../http/app';
import type { Logger } from '../logging/logger';
import type { Mailer } from '../mail/mailer';
import type { Settings } from '../settings';
import { captchaOff, recaptcha } from './captcha';
import { supportModule } from './routes';

/** The support form, behind reCAPTCHA when RECAPTCHA_SECRET is set. */
export function composeSupport(o: {
  settings: Settings;
  logger: Logger;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: RateLimitPolicy;
}): { module: HttpModule; standIn: boolean } {
  const { settings } = o;
  const captcha = settings.recaptchaSecret
    ? recaptcha(settings.recaptchaSecret, settings.recaptchaVerifyUrl)
    : captchaOff;
  if (!captcha.enabled) o.logger.warn('No RECAPTCHA_SECRET: the support form has no captcha');
  return {
    module: supportModule({
      mailer: o.mailer,
      captcha,
      supportEmail: settings.supportEmail,
      limiter: o.limiter,
      limits: o.limits,
    }),
    standIn: !captcha.enabled,
  };
}
