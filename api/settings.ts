/**
 * Every setting the service reads, parsed and checked once at start. A wrong value stops the
 * process with a message that names the variable. In the product only api/main.ts passes
 * process.env in (to api/serve.ts).
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Settings {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  eventStoreUrl: string | undefined;
  publicUrl: string;
  logLevel: LogLevel;
  adminEmails: readonly string[];
  partnerPrograms: readonly PartnerProgram[];
  /** Exact number of proxies in front of the service (req.ip, and so the rate limits, trust only these). */
  trustProxyHops: number;
  /** Where support messages go. */
  supportEmail: string;
  /** Sender of every e-mail the service sends. */
  mailFrom: string;
  /** smtp:// or smtps:// URL; without it mail is kept in the database and shown at /dev/mail. */
  smtpUrl: string | undefined;
  /** reCAPTCHA v2: the secret turns verification on; the site key is given to the support page. */
  recaptchaSecret: string | undefined;
  recaptchaSiteKey: string | undefined;
  recaptchaVerifyUrl: string;
  /** The advertising script and pixel; nothing is loaded from a third party when unset. */
  trackingScriptUrl: string | undefined;
  trackingPixelId: string | undefined;
  /** The setup guide's backfilling video (an https embed URL); unset, the guide shows a written walkthrough. */
  setupVideoUrl: string | undefined;
  /** The community chat the support page links to (https); unset, no chat link is shown. */
  communityChatUrl: string | undefined;
  hubspot: HubSpotSettings;
  /**
   * Key of the digests that name an address's claim and remember its sign-up bonus (HMAC-SHA-256);
   * unset, one is generated and kept in the database. Never change it once accounts exist.
   */
  emailDigestKey: string | undefined;
  /** Secret the token cipher and OAuth state keys are derived from; unset only in sandbox mode. */
  tokenEncryptionKey: string | undefined;
  /** Stripe: the secret key and the webhook endpoint's signing secret, set together; unset runs the local test checkout. */
  stripe: StripeSettings | undefined;
  /** Days request log lines are kept before the periodic purge deletes them. */
  logRetentionDays: number;
  /** Log lines waiting for the database at most; beyond it lines are dropped and counted. */
  logQueueCapacity: number;
  /** Bearer token a Prometheus scraper sends to GET /metrics; unset, /metrics answers 404. */
  metricsToken: string | undefined;
  /**
   * A public deployment (PUBLIC_URL https, or NODE_ENV=production) that runs stand-ins because
   * ALLOW_STAND_INS=true says a public demo is meant: every page says so, and /dev/mail shows
   * each signed-in user only their own mail.
   */
  publicDemo: boolean;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls (STRIPE_API_BASE); Stripe's own API when unset. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

/**
 * The HubSpot app. Without HUBSPOT_CLIENT_ID the sandbox CRM inside the app stands in, reached
 * through the same OAuth, API and webhook code paths.
 */
export interface HubSpotSettings {
  sandbox: boolean;
  /** The sandbox's own client id when sandbox is true. */
  clientId: string;
  /** undefined in sandbox mode: the sandbox's secret is generated and kept in the database. */
  clientSecret: string | undefined;
  authorizeUrl: string;
  apiBase: string;
  /** HubSpot's id of the app (webhooks carry it); the sandbox's own id in sandbox mode, else HUBSPOT_APP_ID or undefined. */
  appId: string | undefined;
}

export const SANDBOX_CLIENT_ID = 'zipfill-sandbox';
export const SANDBOX_APP_ID = '1000001';
export const MIN_TOKEN_KEY_LENGTH = 32;

/** A sign-up partner programme: its page and API path use the slug; its bonus is granted on top of the sign-up credits. */
export interface PartnerProgram {
  slug: string;
  name: string;
  bonusCredits: number;
}

export const DEFAULT_PARTNER_PROGRAMS: readonly PartnerProgram[] = [
  { slug: 'partner-a', name: 'Partner A', bonusCredits: 250 },
  { slug: 'partner-b', name: 'Partner B', bonusCredits: 250 },
];

export class SettingsError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Setting ${variable}: ${problem}`);
    this.name = 'SettingsError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new SettingsError(name, `"${raw}" is not a whole number`);
  const value = Number(raw);
  if (value < min || value > max) throw new SettingsError(name, `${value} is outside ${min}..${max}`);
  return value;
}

function url(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new SettingsError(name, `"${raw}" is not a URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new SettingsError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw))
    throw new SettingsError(name, `must be one of ${allowed.join(', ')}`);
  return raw as T;
}

function emails(env: Env, name: string): string[] {
  const raw = text(env, name);
  if (raw === undefined) return [];
  const list = raw
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const email of list) {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw new SettingsError(name, `"${email}" is not an e-mail address`);
  }
  return list;
}

function singleEmail(env: Env, name: string): string | undefined {
  const list = emails(env, name);
  if (list.length > 1) throw new SettingsError(name, 'must be one e-mail address');
  return list[0];
}

function pixelId(env: Env, name: string): string | undefined {
  const raw = text(env, name);
  if (raw !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(raw))
    throw new SettingsError(name, 'must be letters, digits, dashes or underscores');
  return raw;
}

function partnerPrograms(env: Env, name: string): readonly PartnerProgram[] {
  const raw = text(env, name);
  if (raw === undefined) return DEFAULT_PARTNER_PROGRAMS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new SettingsError(name, 'is not JSON (expected [{"slug":"…","name":"…","bonusCredits":250}, …])');
  }
  if (!Array.isArray(parsed)) throw new SettingsError(name, 'must be a JSON array of programmes');
  const seen = new Set<string>();
  return parsed.map((entry: unknown, i) => {
    const p = entry as Partial<PartnerProgram> | null;
    if (typeof p?.slug !== 'string' || !/^[a-z0-9][a-z0-9-]{0,39}$/.test(p.slug))
      throw new SettingsError(name, `programme ${i + 1}: slug must be lowercase letters, digits and dashes`);
    if (seen.has(p.slug)) throw new SettingsError(name, `slug "${p.slug}" appears twice`);
    seen.add(p.slug);
    if (typeof p.name !== 'string' || p.name.trim() === '' || p.name.length > 100)
      throw new SettingsError(name, `programme ${p.slug}: name must be 1 to 100 characters`);
    if (!Number.isSafeInteger(p.bonusCredits) || (p.bonusCredits as number) < 1)
      throw new SettingsError(name, `programme ${p.slug}: bonusCredits must be a whole number above 0`);
    return Object.freeze({ slug: p.slug, name: p.name.trim(), bonusCredits: p.bonusCredits as number });
  });
}

function hubspotSettings(env: Env, publicUrl: string): HubSpotSettings {
  const clientId = text(env, 'HUBSPOT_CLIENT_ID');
  const clientSecret = text(env, 'HUBSPOT_CLIENT_SECRET');
  if ((clientId === undefined) !== (clientSecret === undefined)) {
    throw new SettingsError(
      clientId === undefined ? 'HUBSPOT_CLIENT_ID' : 'HUBSPOT_CLIENT_SECRET',
      'set both HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET, or neither (the sandbox CRM)',
    );
  }
  const appId = text(env, 'HUBSPOT_APP_ID');
  if (appId !== undefined && !/^\d{1,20}$/.test(appId))
    throw new SettingsError('HUBSPOT_APP_ID', `"${appId}" is not a HubSpot app id (digits)`);
  const trim = (u: string) => u.replace(/\/+$/, '');
  const sandbox = clientId === undefined;
  const sandboxBase = `${publicUrl}/sandbox/hubspot`;
  return Object.freeze({
    sandbox,
    clientId: clientId ?? SANDBOX_CLIENT_ID,
    clientSecret,
    authorizeUrl:
      url(env, 'HUBSPOT_AUTHORIZE_URL', ['http:', 'https:']) ??
      (sandbox ? `${sandboxBase}/oauth/authorize` : 'https://app.hubspot.com/oauth/authorize'),
    apiBase: trim(
      url(env, 'HUBSPOT_API_BASE', ['http:', 'https:']) ?? (sandbox ? sandboxBase : 'https://api.hubapi.com'),
    ),
    appId: appId ?? (sandbox ? SANDBOX_APP_ID : undefined),
  });
}

function tokenEncryptionKey(env: Env, hubspot: HubSpotSettings): string | undefined {
  const key = text(env, 'TOKEN_ENCRYPTION_KEY');
  if (key === undefined) {
    if (!hubspot.sandbox)
      throw new SettingsError(
        'TOKEN_ENCRYPTION_KEY',
        'is required when HubSpot is configured (32+ characters)',
      );
    return undefined;
  }
  if (key.length < MIN_TOKEN_KEY_LENGTH)
    throw new SettingsError('TOKEN_ENCRYPTION_KEY', `must be at least ${MIN_TOKEN_KEY_LENGTH} characters`);
  return key;
}

function stripeSettings(env: Env): StripeSettings | undefined {
  const secretKey = text(env, 'STRIPE_SECRET_KEY');
  const webhookSecret = text(env, 'STRIPE_WEBHOOK_SECRET');
  if (Boolean(secretKey) !== Boolean(webhookSecret)) {
    throw new SettingsError(
      secretKey ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY',
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all',
    );
  }
  const base = url(env, 'STRIPE_API_BASE', ['http:', 'https:']);
  if (!secretKey || !webhookSecret) {
    if (base) throw new SettingsError('STRIPE_API_BASE', 'is only used with STRIPE_SECRET_KEY');
    return undefined;
  }
  if (!/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.test(secretKey))
    throw new SettingsError(
      'STRIPE_SECRET_KEY',
      'must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)',
    );
  if (!/^whsec_[A-Za-z0-9]+$/.test(webhookSecret))
    throw new SettingsError('STRIPE_WEBHOOK_SECRET', 'must be a webhook signing secret (whsec_…)');
  let api: StripeSettings['api'];
  if (base) {
    const u = new URL(base);
    if (u.pathname !== '/' || u.search)
      throw new SettingsError(
        'STRIPE_API_BASE',
        'must be an origin without a path, e.g. http://127.0.0.1:12111',
      );
    const protocol = u.protocol === 'https:' ? 'https' : 'http';
    api = { host: u.hostname, port: Number(u.port) || (protocol === 'https' ? 443 : 80), protocol };
  }
  return Object.freeze({ secretKey, webhookSecret, api });
}

/**
 * The stand-ins these settings would run, each with the settings that replace it: a public
 * deployment must not serve them by accident (anyone could read a reset link at /dev/mail, or
 * buy credits with a test card).
 */
function standInsToReplace(env: Env): string[] {
  const missing: string[] = [];
  if (!text(env, 'SMTP_URL')) missing.push('SMTP_URL (else the development mailbox at /dev/mail)');
  if (!text(env, 'HUBSPOT_CLIENT_ID'))
    missing.push('HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET (else the sandbox CRM)');
  if (!text(env, 'STRIPE_SECRET_KEY'))
    missing.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (else the test checkout)');
  if (!text(env, 'RECAPTCHA_SECRET'))
    missing.push('RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY (else no captcha)');
  return missing;
}

/** Whether stand-ins may run on a public deployment; refuses to start, naming each missing setting, when not. */
function publicDemo(env: Env, publicUrl: string): boolean {
  const isPublic = publicUrl.startsWith('https:') || text(env, 'NODE_ENV') === 'production';
  const allowed = oneOf(env, 'ALLOW_STAND_INS', ['true', 'false'] as const, 'false') === 'true';
  const missing = standInsToReplace(env);
  if (!isPublic || missing.length === 0) return false;
  if (allowed) return true;
  throw new SettingsError(
    'ALLOW_STAND_INS',
    `PUBLIC_URL is https (or NODE_ENV=production), so no stand-in may run by accident. Set ${missing.join('; ')}. ` +
      'Or set ALLOW_STAND_INS=true if a public demo with stand-ins is meant.',
  );
}

export function readSettings(env: Env): Settings {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
    /\/+$/,
    '',
  );
  if (Boolean(text(env, 'RECAPTCHA_SECRET')) !== Boolean(text(env, 'RECAPTCHA_SITE_KEY'))) {
    throw new SettingsError(
      text(env, 'RECAPTCHA_SECRET') ? 'RECAPTCHA_SITE_KEY' : 'RECAPTCHA_SECRET',
      'RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY are set together or not at all',
    );
  }
  const hubspot = hubspotSettings(env, publicUrl);
  const stripe = stripeSettings(env);
  return Object.freeze({
    port,
    dataDir: text(env, 'DATA_DIR') ?? './data',
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 20, 1, 500),
    eventStoreUrl: url(env, 'EVENTSTORE_URL', [
      'kurrentdb:',
      'kurrentdb+discover:',
      'esdb:',
      'esdb+discover:',
    ]),
    publicUrl,
    logLevel: oneOf(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info'),
    adminEmails: Object.freeze(emails(env, 'ADMIN_EMAILS')),
    partnerPrograms: Object.freeze(partnerPrograms(env, 'PARTNER_PROGRAMS')),
    trustProxyHops: integer(env, 'TRUST_PROXY_HOPS', 0, 0, 10),
    supportEmail: singleEmail(env, 'SUPPORT_EMAIL') ?? 'support@example.com',
    mailFrom: text(env, 'MAIL_FROM') ?? 'ZipFill <no-reply@example.com>',
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    recaptchaSecret: text(env, 'RECAPTCHA_SECRET'),
    recaptchaSiteKey: text(env, 'RECAPTCHA_SITE_KEY'),
    recaptchaVerifyUrl:
      url(env, 'RECAPTCHA_VERIFY_URL', ['http:', 'https:']) ??
      'https://www.google.com/recaptcha/api/siteverify',
    trackingScriptUrl: url(env, 'TRACKING_SCRIPT_URL', ['https:']),
    trackingPixelId: pixelId(env, 'TRACKING_PIXEL_ID'),
    setupVideoUrl: url(env, 'SETUP_VIDEO_URL', ['https:']),
    communityChatUrl: url(env, 'COMMUNITY_CHAT_URL', ['https:']),
    hubspot,
    tokenEncryptionKey: tokenEncryptionKey(env, hubspot),
    emailDigestKey: emailDigestKey(env),
    stripe,
    logRetentionDays: integer(env, 'LOG_RETENTION_DAYS', 30, 1, 3650),
    logQueueCapacity: integer(env, 'LOG_QUEUE_CAPACITY', 10_000, 100, 1_000_000),
    metricsToken: metricsToken(env),
    publicDemo: publicDemo(env, publicUrl),
  });
}

function emailDigestKey(env: Env): string | undefined {
  const key = text(env, 'EMAIL_DIGEST_KEY');
  if (key !== undefined && key.length < MIN_TOKEN_KEY_LENGTH)
    throw new SettingsError('EMAIL_DIGEST_KEY', `must be at least ${MIN_TOKEN_KEY_LENGTH} characters`);
  return key;
}

/** A guessable token would make the metrics public in all but name. */
function metricsToken(env: Env): string | undefined {
  const token = text(env, 'METRICS_TOKEN');
  if (token !== undefined && token.length < 16)
    throw new SettingsError('METRICS_TOKEN', 'METRICS_TOKEN must be at least 16 characters');
  return token;
}
