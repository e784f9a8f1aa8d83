import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('counts read as English', () => {
  it('names one thing in the singular', () => {
    expect(countOf(1, 'step')).toBe('1 step');
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
  });

  it('names none and many in the plural, with thousands separators', () => {
    expect(countOf(0, 'user')).toBe('0 users');
    expect(countOf(1204, 'user')).toBe('1,204 users');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});
