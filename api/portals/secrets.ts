import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import type { OperationalDb } from '../db/operational';

/** A 32-byte key for one purpose, derived from the configured secret so one setting serves several keys. */
export function deriveKey(secret: string, purpose: 'hubspot-tokens' | PassPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'zipfill/v1', purpose, 32));
}

const VERSION = 'v1';

/** AES-256-GCM: tokens are unreadable without the key and any tampering is detected. */
export class TokenCipher {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = deriveKey(secret, 'hubspot-tokens');
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  decrypt(sealed: string): string {
    if (!sealed.startsWith(`${VERSION}:`)) throw new Error('Unknown token cipher version');
    const raw = Buffer.from(sealed.slice(VERSION.length + 1), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/**
 * What a signed pass is for: the OAuth `state` (the user who asked for the install URL), or the
 * sandbox CRM's pass (the user its pages answer). One key each, so neither stands for the other.
 */
export type PassPurpose = 'oauth-state' | 'sandbox-crm-pass' | 'dev-mail-pass';

/**
 * Names a user and when that stops being true, signed so that nobody can act in someone else's
 * name: the OAuth state, so no one starts a connection for another user; the sandbox CRM's pass.
 */
export class SignedUserPass {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlMs = 15 * 60_000,
    purpose: PassPurpose = 'oauth-state',
  ) {
    this.key = deriveKey(secret, purpose);
  }

  get ttlSeconds(): number {
    return Math.floor(this.ttlMs / 1000);
  }

  /**
   * A pass for this user; with `sessionId`, the session it was asked under, which the holder
   * checks is still on (sign-out and deletion end the pass with the session).
   */
  issue(userId: string, now: Date, sessionId?: string): string {
    const payload = b64url(
      JSON.stringify({
        u: userId,
        e: now.getTime() + this.ttlMs,
        n: randomBytes(8).toString('hex'),
        ...(sessionId ? { s: sessionId } : {}),
      }),
    );
    return `${payload}.${this.sign(payload)}`;
  }

  /** The user the state was issued to, or undefined when it is forged, malformed or expired. */
  verify(state: string, now: Date): string | undefined {
    return this.read(state, now)?.userId;
  }

  /** The user and the session a pass was issued under, or undefined when forged, malformed or expired. */
  read(state: string, now: Date): { userId: string; sessionId?: string } | undefined {
    const [payload, signature, extra] = state.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const { u, e, s } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        u?: unknown;
        e?: unknown;
        s?: unknown;
      };
      if (typeof u !== 'string' || typeof e !== 'number' || e < now.getTime()) return undefined;
      return { userId: u, ...(typeof s === 'string' ? { sessionId: s } : {}) };
    } catch {
      return undefined;
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

/**
 * A secret the service keeps for itself in the database, created on first use. Only for
 * sandbox mode, where no secret is configured; every process of one deployment reads the same.
 */
export async function storedSecret(
  db: OperationalDb,
  name: string,
  now: Date,
): Promise<{ value: string; created: boolean }> {
  const fresh = randomBytes(32).toString('base64url');
  const inserted = await db
    .insertInto('app_secrets')
    .values({ name, value: fresh, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('value')
    .executeTakeFirst();
  if (inserted) return { value: inserted.value, created: true };
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return { value: row.value, created: false };
}
