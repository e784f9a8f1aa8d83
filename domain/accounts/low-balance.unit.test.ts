import { describe, expect, it } from 'vitest';
import { isBalanceLow } from './low-balance';

describe('a low balance', () => {
  it('is one below the account’s notification threshold', () => {
    expect(isBalanceLow(9, 10)).toBe(true);
    expect(isBalanceLow(10, 10)).toBe(false);
  });

  it('is only an empty one when the account set no threshold', () => {
    expect(isBalanceLow(0, null)).toBe(true);
    expect(isBalanceLow(1, null)).toBe(false);
  });
});
