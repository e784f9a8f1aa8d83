import { createHmac, timingSafeEqual } from 'node:crypto';

/** HubSpot refuses nothing older on its side; we refuse requests signed more than 5 minutes ago. */
export const MAX_SIGNATURE_AGE_MS = 5 * 60_000;
/** Clocks drift; a timestamp further ahead than this is a forgery or a broken clock. */
export const MAX_SIGNATURE_SKEW_MS = 60_000;

// The escapes HubSpot decodes in the URI before signing (its request-validation docs).
const DECODED_ESCAPES: Readonly<Record<string, string>> = {
  '%3A': ':',
  '%2F': '/',
  '%3F': '?',
  '%40': '@',
  '%21': '!',
  '%24': '$',
  '%27': "'",
  '%28': '(',
  '%29': ')',
  '%2A': '*',
  '%2C': ',',
  '%3B': ';',
};

/** The URI as HubSpot signs it: the listed percent-escapes decoded, everything else as sent. */
export function signedUri(uri: string): string {
  return uri.replace(
    /%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/gi,
    (escape) => DECODED_ESCAPES[escape.toUpperCase()]!,
  );
}

export interface SignedRequest {
  method: string;
  /** The full URL HubSpot called: the configured public URL plus the path and query. */
  uri: string;
  body: Buffer | string;
  /** X-HubSpot-Request-Timestamp, milliseconds since the epoch. */
  timestamp: string;
}

/** X-HubSpot-Signature-v3: base64 HMAC-SHA256 of method + uri + body + timestamp with the app's client secret. */
export function signV3(secret: string, request: SignedRequest): string {
  return createHmac('sha256', secret)
    .update(request.method.toUpperCase(), 'utf8')
    .update(signedUri(request.uri), 'utf8')
    .update(typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : request.body)
    .update(request.timestamp, 'utf8')
    .digest('base64');
}

export type SignatureVerdict =
  { ok: true } | { ok: false; why: 'missing' | 'bad_timestamp' | 'stale' | 'future' | 'mismatch' };

/** Checks a v3 signature and its timestamp window; compares in constant time. */
export function verifyV3(
  secret: string,
  request: SignedRequest & { signature: string | undefined },
  nowMs: number,
): SignatureVerdict {
  if (!request.signature || !request.timestamp) return { ok: false, why: 'missing' };
  if (!/^\d{1,16}$/.test(request.timestamp)) return { ok: false, why: 'bad_timestamp' };
  const age = nowMs - Number(request.timestamp);
  if (age > MAX_SIGNATURE_AGE_MS) return { ok: false, why: 'stale' };
  if (-age > MAX_SIGNATURE_SKEW_MS) return { ok: false, why: 'future' };
  const expected = Buffer.from(signV3(secret, request), 'utf8');
  const given = Buffer.from(request.signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, why: 'mismatch' };
  return { ok: true };
}
