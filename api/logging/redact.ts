/**
 * Secrets must never reach a log line, whichever sink it goes to (stdout, request_logs and so
 * the admin's viewer). One redaction for every line: values are hidden by the name of the key
 * that holds them, at any depth, and every text of the line (its message, URLs, metadata, error
 * texts) is cleaned of what carries access inside it: token path segments (reset and unsubscribe
 * links), the OAuth code and state and secret-looking query parameters, and pass cookie values.
 */

export const REDACTED = '[REDACTED]';

const SECRET_KEY =
  /(authorization|cookie|password|passwd|pwd|secret|token|signature|api[-_]?key|private[-_]?key|card|cvc|cvv|iban|credential)/i;

/** Query parameters that carry an OAuth grant: the authorization code and the state naming its user. */
const GRANT_PARAMS = new Set(['code', 'state']);

/** Path segments after which comes a bearer of access (reset and unsubscribe links, API and pages), anywhere in a text. */
const TOKEN_PATHS = /(\/(?:api\/auth\/)?(?:unsubscribe-credits|unsubscribe|reset-password)\/)[^/?#\s"'<>]+/gi;

/** A query parameter in any URL of a text whose value is a grant or a secret. */
const SECRET_PARAMS =
  /([?&](?:code|state|[^=&\s"'<>]*(?:token|secret|password|signature|api[-_]?key|credential)[^=&\s"'<>]*)=)[^&#\s"'<>]+/gi;

/** The passes the sandbox CRM's pages and the public demo's mailbox know their reader by, as cookies. */
const PASS_COOKIES = /(zipfill_(?:sandbox_crm|dev_mail)=)[^;\s"'<>]+/gi;

/**
 * What every hidden thing above needs in a text: a path's slash, a query's `?` or `&`, or a pass
 * cookie's name. Most texts of a line have none (a lookup's four lines hold about forty), and one
 * test is cheaper than three replacements that find nothing.
 */
const MAY_CARRY_ACCESS = /[/?&]|zipfill_/i;

const MAX_DEPTH = 8;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** Any text (a message, an error, a URL) with token path segments, secret query parameters and pass values hidden. */
export function redactText(text: string): string {
  if (!MAY_CARRY_ACCESS.test(text)) return text;
  return text
    .replace(TOKEN_PATHS, `$1${REDACTED}`)
    .replace(SECRET_PARAMS, `$1${REDACTED}`)
    .replace(PASS_COOKIES, `$1${REDACTED}`);
}

/** A URL or path with token path segments and secret-looking query parameters hidden. */
export function redactUrl(url: string): string {
  const [path = '', query] = splitOnce(url, '?');
  const safePath = redactText(path);
  if (query === undefined) return safePath;
  const params = query
    .split('&')
    .map((pair) => {
      const [name = '', value] = splitOnce(pair, '=');
      const key = decodeSafely(name);
      return value !== undefined && (isSecretKey(key) || GRANT_PARAMS.has(key.toLowerCase()))
        ? `${name}=${REDACTED}`
        : redactText(pair);
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
  return typeof value === 'string' ? redactText(value) : value;
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
