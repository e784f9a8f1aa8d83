/**
 * Secrets must never reach a log line, whichever sink it goes to. Values are hidden by the name
 * of the key that holds them, at any depth, and in URLs by query parameter (the OAuth callback's
 * code and state among them) and by the paths that carry a token in them.
 */

export const REDACTED = '[REDACTED]';

const SECRET_KEY =
  /(authorization|cookie|password|passwd|pwd|secret|token|signature|api[-_]?key|private[-_]?key|card|cvc|cvv|iban|credential)/i;

/** Query parameters that carry an OAuth grant: the authorization code and the state naming its user. */
const GRANT_PARAMS = new Set(['code', 'state']);

/** Paths whose last segment is a bearer of access (reset and unsubscribe links). */
const TOKEN_PATHS = /^(\/api\/auth\/(?:unsubscribe-credits|reset-password)\/)[^/?#]+/i;

const MAX_DEPTH = 8;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** A URL or path with token path segments and secret-looking query parameters hidden. */
export function redactUrl(url: string): string {
  const [path = '', query] = splitOnce(url, '?');
  const safePath = path.replace(TOKEN_PATHS, `$1${REDACTED}`);
  if (query === undefined) return safePath;
  const params = query
    .split('&')
    .map((pair) => {
      const [name = '', value] = splitOnce(pair, '=');
      const key = decodeSafely(name);
      return value !== undefined && (isSecretKey(key) || GRANT_PARAMS.has(key.toLowerCase()))
        ? `${name}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${safePath}?${params}`;
}

/** A deep copy with every value under a secret-looking key replaced, and URLs cleaned. */
export function redact<T>(value: T): T {
  return walk(value, 0) as T;
}

function walk(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
  if (value instanceof Date) return value;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (isSecretKey(key) && inner !== null && inner !== undefined && inner !== '') out[key] = REDACTED;
      else if ((key === 'url' || key === 'originalUrl' || key === 'path') && typeof inner === 'string')
        out[key] = redactUrl(inner);
      else out[key] = walk(inner, depth + 1);
    }
    return out;
  }
  return value;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
