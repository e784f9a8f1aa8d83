import type * as nodeCrypto from 'node:crypto';
import { timingSafeEqual } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createPasswordHasher } from './passwords';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof nodeCrypto>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const fast = createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });

describe('password storage', () => {
  it('stores scrypt at OWASP parameters (N=2^17, r=8, p=1) unless told otherwise, with its parameters in the hash', async () => {
    const hash = await createPasswordHasher().hash('a long enough passphrase');
    expect(hash).toMatch(/^\$scrypt\$N=131072,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
  });

  it('gives two users with the same password different hashes', async () => {
    expect(await fast.hash('same password')).not.toBe(await fast.hash('same password'));
  });

  it('verifies the right password and refuses a wrong one, with a constant-time comparison', async () => {
    const hash = await fast.hash('right password');
    expect(await fast.verify('right password', hash)).toBe(true);
    expect(await fast.verify('right passwore', hash)).toBe(false);
    expect(vi.mocked(timingSafeEqual)).toHaveBeenCalledTimes(2);
  });

  it('does not truncate long passwords: the last character of 1024 counts', async () => {
    const long = 'x'.repeat(1023);
    const hash = await fast.hash(`${long}a`);
    expect(await fast.verify(`${long}b`, hash)).toBe(false);
  });

  it('verifies hashes made with other parameters, so the cost can be raised later', async () => {
    const older = await createPasswordHasher({ N: 2 ** 12, r: 8, p: 1 }).hash('pw with old cost');
    expect(await fast.verify('pw with old cost', older)).toBe(true);
  });

  it('refuses a tampered hash asking for absurd memory instead of trying it', async () => {
    expect(await fast.verify('pw', '$scrypt$N=1073741824,r=8,p=1$AAAA$AAAA')).toBe(false);
    expect(await fast.verify('pw', 'not a hash')).toBe(false);
  });
});
