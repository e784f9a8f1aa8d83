import { describe, expect, it } from 'vitest';
import { rate, rateCaption } from './format';

describe('success rates as the admin reads them', () => {
  it('reads "—" when nothing was attempted, not 0%', () => {
    expect(rate(0, 0)).toBe('—');
  });

  it('reads the percent once something was attempted, failures included', () => {
    expect(rate(0, 3)).toBe('0%');
    expect(rate(87.5, 8)).toBe('87.5%');
  });
});

describe('the caption under a success rate', () => {
  it('says there are no lookups yet when nothing was attempted', () => {
    expect(rateCaption(0, 0)).toBe('No lookups yet');
  });

  it('counts the successful lookups once something was attempted, even when none succeeded', () => {
    expect(rateCaption(0, 3)).toBe('0 successful');
    expect(rateCaption(1234, 2000)).toBe('1,234 successful');
  });
});
