import { describe, expect, it } from 'vitest';
import { rate } from './format';

describe('success rates as the admin reads them', () => {
  it('reads "—" when nothing was attempted, not 0%', () => {
    expect(rate(0, 0)).toBe('—');
  });

  it('reads the percent once something was attempted, failures included', () => {
    expect(rate(0, 3)).toBe('0%');
    expect(rate(87.5, 8)).toBe('87.5%');
  });
});
