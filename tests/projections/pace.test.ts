import { describe, expect, it } from 'vitest';
import { defaultPace, PaceError, parsePace, restAfter } from '../../projections/pace';

describe('replay pace', () => {
  it('rests after each batch as long as its work took × (1/share − 1)', () => {
    expect(restAfter(200, 0.5)).toBe(200);
    expect(restAfter(100, 0.25)).toBe(300);
    expect(restAfter(300, 0.75)).toBeCloseTo(100);
  });

  it('does not rest at pace 1 (flat out) or after a batch that took no time', () => {
    expect(restAfter(500, 1)).toBe(0);
    expect(restAfter(0, 0.5)).toBe(0);
  });

  it('works a quarter of the time when a service may be serving beside it, and runs flat out when none can be', () => {
    expect(defaultPace(true)).toBe(0.25);
    expect(defaultPace(false)).toBe(1);
  });

  it('accepts a share above 0 and at most 1', () => {
    expect(parsePace('0.5')).toBe(0.5);
    expect(parsePace('1')).toBe(1);
    expect(parsePace('0.1')).toBe(0.1);
  });

  it.each([undefined, '', 'fast', '0', '-0.5', '1.5', 'Infinity', '50%'])(
    'refuses --pace %s with a message saying what it takes',
    (text) => {
      expect(() => parsePace(text)).toThrow(PaceError);
      expect(() => parsePace(text)).toThrow(/above 0 and at most 1/);
    },
  );
});
