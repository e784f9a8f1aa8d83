import { describe, expect, it } from 'vitest';
import { backoffMs } from './worker';

describe('the back-off of a failing worker', () => {
  it('waits 200 ms after the first failure and doubles after each further one, never more than 5 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffMs)).toEqual([200, 400, 800, 1600, 3200, 5000, 5000, 5000]);
  });
});
