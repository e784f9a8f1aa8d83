import { createHash, createHmac } from 'node:crypto';
import type { OperationalDb } from '../db/operational';
import { storedSecret } from '../portals/secrets';
import type { Settings } from '../settings';

/** The bare SHA-256 that named an address's claim stream before: kept only to find those streams. */
export const legacyEmailHash = (normalisedEmail: string) =>
  createHash('sha256').update(normalisedEmail, 'utf8').digest('hex');

/** The keyed digest of an address, from its SHA-256 (what a legacy claim stream is named by). */
export const keyedDigestOfHash = (key: string) => (sha256Hex: string) =>
  createHmac('sha256', key).update(sha256Hex, 'utf8').digest('hex');

/**
 * The keyed digest that names an address's claim stream (and so remembers its sign-up bonus):
 * HMAC-SHA-256 under EMAIL_DIGEST_KEY of the address's SHA-256. Without the key no one can tell
 * whether an address is known by hashing it; taking the SHA-256 first lets the legacy streams,
 * named by it, be moved without knowing their addresses.
 */
export function addressDigester(key: string): (normalisedEmail: string) => string {
  const ofHash = keyedDigestOfHash(key);
  return (normalisedEmail) => ofHash(legacyEmailHash(normalisedEmail));
}

/** EMAIL_DIGEST_KEY, or the one generated on first use and kept in the database (as TOKEN_ENCRYPTION_KEY's). */
export async function emailDigestKey(settings: Settings, db: OperationalDb, now: Date): Promise<string> {
  return settings.emailDigestKey ?? (await storedSecret(db, 'email_digest_key', now)).value;
}
