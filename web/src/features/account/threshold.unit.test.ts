import { describe, expect, it } from 'vitest';
import { parseThreshold } from './threshold';

describe('the credit notification threshold field', () => {
  it('turns notifications off when left empty', () => {
    expect(parseThreshold('')).toBeNull();
    expect(parseThreshold('   ')).toBeNull();
  });

  it('accepts zero and positive whole numbers', () => {
    expect(parseThreshold('0')).toBe(0);
    expect(parseThreshold(' 150 ')).toBe(150);
  });

  it('refuses negative, fractional and non-numeric values', () => {
    expect(parseThreshold('-1')).toBeUndefined();
    expect(parseThreshold('2.5')).toBeUndefined();
    expect(parseThreshold('ten')).toBeUndefined();
    expect(parseThreshold('1e3')).toBeUndefined();
  });
});
