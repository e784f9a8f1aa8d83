import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fieldContext, isSealed, KEY_BYTES, open, seal } from './cipher';

describe('sealing a personal field', () => {
  const key = randomBytes(KEY_BYTES);

  it('opens to the same value with the same key in the same place', () => {
    const sealed = seal(key, 'k1', { city: 'Beverly Hills' }, fieldContext('e1', 'filled'));
    expect(isSealed(sealed)).toBe(true);
    expect(JSON.stringify(sealed)).not.toContain('Beverly');
    expect(open(key, sealed, fieldContext('e1', 'filled'))).toEqual({ city: 'Beverly Hills' });
  });

  it('does not open in another event or field, nor with another key', () => {
    const sealed = seal(key, 'k1', '90210', fieldContext('e1', 'zip'));
    expect(() => open(key, sealed, fieldContext('e2', 'zip'))).toThrow();
    expect(() => open(key, sealed, fieldContext('e1', 'detail'))).toThrow();
    expect(() => open(randomBytes(KEY_BYTES), sealed, fieldContext('e1', 'zip'))).toThrow();
  });

  it('seals one value differently each time, so equal values cannot be matched', () => {
    const a = seal(key, 'k1', '90210', 'c');
    const b = seal(key, 'k1', '90210', 'c');
    expect(a.sealed).not.toBe(b.sealed);
  });

  it('never seals two fields with the same IV, across many fields', () => {
    const ivs = Array.from({ length: 5_000 }, () =>
      Buffer.from(seal(key, 'k1', '90210', 'c').sealed, 'base64')
        .subarray(0, 12)
        .toString('hex'),
    );
    expect(new Set(ivs).size).toBe(ivs.length);
  });
});
