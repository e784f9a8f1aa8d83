import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost parameters; OWASP's current recommendation is N=2^17, r=8, p=1. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Refuses stored parameters that would let a tampered hash exhaust memory or CPU. */
const MAX_N = 2 ** 20;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    ...params,
    // Node's default maxmem (32 MiB) is below what N=2^17, r=8 needs (128 MiB): raise it.
    maxmem: 128 * params.N * params.r * 2,
  };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

function parse(encoded: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | undefined {
  const match = /^\$scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(encoded);
  if (!match) return undefined;
  const [, n, r, p, salt, hash] = match;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (params.N < 2 || params.N > MAX_N || (params.N & (params.N - 1)) !== 0) return undefined;
  if (params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) return undefined;
  return { params, salt: Buffer.from(salt!, 'base64'), hash: Buffer.from(hash!, 'base64') };
}

export interface PasswordHasher {
  /** `$scrypt$N=…,r=…,p=…$salt$hash`: the parameters travel with the hash, so they can be raised later. */
  hash(password: string): Promise<string>;
  verify(password: string, encoded: string): Promise<boolean>;
  /**
   * Spends the same time as a real verification, for a sign-in with an unknown address, so the
   * answer's timing does not tell which addresses have accounts.
   */
  verifyDummy(password: string): Promise<false>;
}

export function createPasswordHasher(params: ScryptParams = OWASP_SCRYPT): PasswordHasher {
  const encode = (salt: Buffer, hash: Buffer) =>
    `$scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
  const hash = async (password: string) => {
    const salt = randomBytes(SALT_LENGTH);
    return encode(salt, await derive(password, salt, params));
  };
  const verify = async (password: string, encoded: string) => {
    const parsed = parse(encoded);
    if (!parsed) return false;
    const candidate = await derive(password, parsed.salt, parsed.params);
    return candidate.length === parsed.hash.length && timingSafeEqual(candidate, parsed.hash);
  };
  let dummy: Promise<string> | undefined;
  return {
    hash,
    verify,
    async verifyDummy(password) {
      dummy ??= hash(randomBytes(16).toString('hex'));
      await verify(password, await dummy);
      return false;
    },
  };
}
