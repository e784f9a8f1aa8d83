import { createHash, randomBytes } from 'node:crypto';

/** A bearer or reset token: 32 bytes from the CSPRNG, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What is stored in place of a token, so a copy of the database holds no usable token. */
export const tokenDigest = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
