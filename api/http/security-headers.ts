import type { RequestHandler } from 'express';

export interface SecurityHeaderOptions {
  /** Served to users over https: HSTS is sent. */
  https: boolean;
  /** Third-party origins the configured tracking script, pixel and captcha need. */
  scriptSources?: readonly string[];
  imageSources?: readonly string[];
  frameSources?: readonly string[];
  connectSources?: readonly string[];
}

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export function contentSecurityPolicy(o: SecurityHeaderOptions): string {
  const list = (base: string, extra: readonly string[] = []) => [base, ...extra].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", o.scriptSources)}`,
    "style-src 'self'",
    `img-src ${list("'self' data:", o.imageSources)}`,
    "font-src 'self'",
    `connect-src ${list("'self'", o.connectSources)}`,
    `frame-src ${o.frameSources?.length ? o.frameSources.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The same headers on every answer, API and pages alike. */
export function securityHeaders(o: SecurityHeaderOptions): RequestHandler {
  const csp = contentSecurityPolicy(o);
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (o.https) res.setHeader('Strict-Transport-Security', HSTS_VALUE);
    next();
  };
}
