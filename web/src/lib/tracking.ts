import type { PublicConfigAnswer } from '@api/config/contract';

let loaded = false;

/**
 * Loads the advertising script and pixel, once, and only when the server names them: without
 * that configuration the browser asks no third party for anything.
 */
export function loadTracking(
  config: Pick<PublicConfigAnswer, 'trackingScriptUrl' | 'trackingPixelId'>,
): void {
  if (loaded) return;
  loaded = true;
  if (config.trackingScriptUrl) {
    const script = document.createElement('script');
    script.async = true;
    script.src = config.trackingScriptUrl;
    document.head.appendChild(script);
  }
  if (config.trackingPixelId) {
    const pixel = new Image(1, 1);
    pixel.alt = '';
    pixel.referrerPolicy = 'no-referrer-when-downgrade';
    pixel.src = `https://www.facebook.com/tr?id=${encodeURIComponent(config.trackingPixelId)}&ev=PageView&noscript=1`;
  }
}
