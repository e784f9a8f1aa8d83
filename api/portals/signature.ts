import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

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

/**
 * The v3 headers HubSpot signs a request with: its webhooks and its UI extensions' hubspot.fetch
 * calls (the app card). The sandbox CRM and the tests sign this way.
 */
export function signatureV3Headers(secret: string, request: SignedRequest): Record<string, string> {
  return {
    'x-hubspot-signature-v3': signV3(secret, request),
    'x-hubspot-request-timestamp': request.timestamp,
  };
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

/**
 * X-HubSpot-Signature with X-HubSpot-Signature-Version v2: hex SHA-256 of client secret + method
 * + URI + body. The URI is the one HubSpot called, exactly, protocol included
 * (https://developers.hubspot.com/docs/faq/v2-request-validation).
 */
export function signV2(secret: string, request: Omit<SignedRequest, 'timestamp'>): string {
  return createHash('sha256')
    .update(secret, 'utf8')
    .update(request.method.toUpperCase(), 'utf8')
    .update(request.uri, 'utf8')
    .update(typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : request.body)
    .digest('hex');
}

const sameText = (given: string, expected: string) => {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The signature headers a workflow action request may carry. */
export interface WorkflowActionSignatures {
  /** X-HubSpot-Signature-v3 and X-HubSpot-Request-Timestamp. */
  v3: string | undefined;
  timestamp: string | undefined;
  /** X-HubSpot-Signature and X-HubSpot-Signature-Version. */
  legacy: string | undefined;
  version: string | undefined;
}

/**
 * A custom workflow action's request. HubSpot documents that these are signed with v2
 * (https://developers.hubspot.com/docs/api-reference/automation-actions-v4-v4/custom-action-guide:
 * "Requests made for your custom action will use the v2 version of the X-HubSpot-Signature"),
 * and that requests also carry the newer v3 signature with its timestamp where the platform
 * sends it (https://developers.hubspot.com/docs/apps/developer-platform/build-apps/authentication/request-validation).
 * v2 signs no time, so a copied request verifies forever; v3 does. Hence: a request that carries
 * v3 is judged by v3 alone, timestamp window included, and a stale or wrong v3 is refused even
 * when its v2 matches (a replay cannot strip v3 from a request that verifies only by v3); a
 * request without v3 must carry a valid v2. What a v2-only replay can achieve is bounded by the
 * action itself: the callbackId inside the signed body names one execution, answered once and
 * charged once, so a replay only hears the same answer again.
 */
export function verifyWorkflowAction(
  secret: string,
  request: Omit<SignedRequest, 'timestamp'> & { signatures: WorkflowActionSignatures },
  nowMs: number,
): SignatureVerdict {
  const { signatures } = request;
  if (signatures.v3)
    return verifyV3(
      secret,
      { ...request, timestamp: signatures.timestamp ?? '', signature: signatures.v3 },
      nowMs,
    );
  if (!signatures.legacy || signatures.version?.toLowerCase() !== 'v2') return { ok: false, why: 'missing' };
  return sameText(signatures.legacy.toLowerCase(), signV2(secret, request))
    ? { ok: true }
    : { ok: false, why: 'mismatch' };
}

/**
 * The headers HubSpot signs a workflow action request with: v2, the version its custom action
 * guide names, and v3 with its timestamp, as its request-validation page says requests carry
 * both. The sandbox CRM and the tests sign this way.
 */
export function workflowActionSignatureHeaders(
  secret: string,
  request: SignedRequest,
): Record<string, string> {
  return {
    'x-hubspot-signature': signV2(secret, request),
    'x-hubspot-signature-version': 'v2',
    'x-hubspot-signature-v3': signV3(secret, request),
    'x-hubspot-request-timestamp': request.timestamp,
  };
}
