import { describe, expect, it } from 'vitest';
import { healthFigures, noCounts } from './figures';

const counts = (given: Partial<ReturnType<typeof noCounts>>) => ({ ...noCounts(), ...given });

describe('the figures of a health check', () => {
  it('are the counts themselves when every record was read', () => {
    const sample = counts({ no_zip: 2, consistent: 5 });
    expect(healthFigures(sample, { total: 7, readAll: true })).toEqual({ records: 7, counts: sample });
  });

  it('scale each class to HubSpot’s count when only a sample was read, adding up exactly and saying from how many', () => {
    const figures = healthFigures(counts({ no_zip: 1, state_not_zips: 1, consistent: 1 }), {
      total: 1_000,
      readAll: false,
    });
    expect(figures.records).toBe(1_000);
    expect(figures.estimate).toEqual({ examined: 3 });
    expect(Object.values(figures.counts).reduce((a, b) => a + b, 0)).toBe(1_000);
    expect(figures.counts).toMatchObject({
      no_zip: 334,
      state_not_zips: 333,
      consistent: 333,
      unknown_zip: 0,
    });
  });

  it('never estimate a class seen in the sample at none', () => {
    const figures = healthFigures(counts({ invalid_zip: 1, consistent: 9_999 }), {
      total: 10_001,
      readAll: false,
    });
    expect(figures.counts.invalid_zip).toBeGreaterThan(0);
  });
});
