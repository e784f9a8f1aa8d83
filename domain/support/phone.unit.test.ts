import { describe, expect, it } from 'vitest';
import { isPhoneNumber } from './phone';

describe('a support message phone number', () => {
  it('accepts numbers written the ways people write them', () => {
    for (const number of ['+1 (805) 555-0123', '805.555.0123', '0805 5550123', '+442079460958', '5550123'])
      expect(isPhoneNumber(number), number).toBe(true);
  });

  it('refuses words, too few or too many digits, and letters among digits', () => {
    for (const text of ['abc', '123', '555-01', '+1 805 555 0123 4567 89', '805-CALL-NOW', '+', ''])
      expect(isPhoneNumber(text), text).toBe(false);
  });
});
