import { useEffect, useRef } from 'react';

interface Grecaptcha {
  render(element: HTMLElement, options: Record<string, unknown>): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    onZipfillCaptchaLoad?: () => void;
  }
}

let scriptLoading: Promise<Grecaptcha> | null = null;

/** Loads the captcha provider's script once, only on the page that shows the widget. */
function loadCaptchaScript(): Promise<Grecaptcha> {
  if (scriptLoading) return scriptLoading;
  scriptLoading = new Promise((resolve, reject) => {
    window.onZipfillCaptchaLoad = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject());
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?onload=onZipfillCaptchaLoad&render=explicit';
    script.async = true;
    script.onerror = () => {
      scriptLoading = null;
      reject(new Error('The captcha could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return scriptLoading;
}

interface CaptchaProps {
  siteKey: string;
  onToken: (token: string) => void;
  /** Increment to clear the widget, e.g. after a message was sent. */
  resetKey: number;
}

export function Captcha({ siteKey, onToken, resetKey }: CaptchaProps) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number } | null>(null);
  const onTokenRef = useRef(onToken);

  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);

  useEffect(() => {
    let cancelled = false;
    loadCaptchaScript()
      .then((grecaptcha) => {
        if (cancelled || !container.current || widget.current) return;
        const id = grecaptcha.render(container.current, {
          sitekey: siteKey,
          callback: (token: string) => onTokenRef.current(token),
          'expired-callback': () => onTokenRef.current(''),
        });
        widget.current = { api: grecaptcha, id };
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  useEffect(() => {
    if (resetKey > 0 && widget.current) {
      widget.current.api.reset(widget.current.id);
      onTokenRef.current('');
    }
  }, [resetKey]);

  return <div ref={container} className="captcha" />;
}
