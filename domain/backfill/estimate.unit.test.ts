import { describe, expect, it } from 'vitest';
import { DRY_RUN_SAMPLE_SIZE, dryRunFigures } from './estimate';
import type { DryRunTally } from './records';
import { SEARCH_PAGE_MAX, SEARCH_RESULT_CEILING } from './search';

const sample: DryRunTally = {
  recordsInScope: 100,
  creditsNeeded: 80,
  nothingToUpdate: 10,
  failures: { zip_not_found: 5, invalid_zip_format: 5 },
  outOfScope: 0,
};

/** A tally of the records read: nothing in it unless given. */
const tally = (given: Partial<DryRunTally>): DryRunTally => ({
  recordsInScope: 0,
  creditsNeeded: 0,
  nothingToUpdate: 0,
  failures: {},
  outOfScope: 0,
  ...given,
});

const failing = (figures: DryRunTally) =>
  Object.values(figures.failures).reduce((sum, n) => sum + (n ?? 0), 0);
const parts = (figures: DryRunTally) => figures.creditsNeeded + figures.nothingToUpdate + failing(figures);

describe('a dry run of a portal larger than it reads', () => {
  it('reads whole search pages, within one query of HubSpot', () => {
    expect(DRY_RUN_SAMPLE_SIZE % SEARCH_PAGE_MAX).toBe(0);
    expect(DRY_RUN_SAMPLE_SIZE).toBeLessThanOrEqual(SEARCH_RESULT_CEILING);
  });

  it('is exact, and not labelled an estimate, when it read every record in scope', () => {
    expect(dryRunFigures(sample, { total: 100, readAll: true })).toEqual(sample);
    expect(dryRunFigures(sample, { total: 100, readAll: true })).not.toHaveProperty('estimate');
  });

  it('is exact when HubSpot counts no more records than it read', () => {
    expect(dryRunFigures(sample, { total: 100, readAll: false })).toEqual(sample);
  });

  it('is exact when it read to the end, whatever HubSpot counted (records left scope while it read)', () => {
    expect(dryRunFigures(sample, { total: 140, readAll: true })).toEqual(sample);
  });

  it('takes the records in scope from HubSpot and scales every part from the records read to them', () => {
    expect(dryRunFigures(sample, { total: 1_000, readAll: false })).toEqual({
      recordsInScope: 1_000,
      creditsNeeded: 800,
      nothingToUpdate: 100,
      failures: { zip_not_found: 50, invalid_zip_format: 50 },
      outOfScope: 0,
      estimate: { examined: 100 },
    });
  });

  it('leaves out of scope the share of HubSpot’s count the sample found ZipFill cannot change', () => {
    const someOut: DryRunTally = { ...sample, outOfScope: 100 };
    expect(dryRunFigures(someOut, { total: 1_000, readAll: false })).toMatchObject({
      recordsInScope: 500,
      creditsNeeded: 400,
      nothingToUpdate: 50,
      outOfScope: 500,
      estimate: { examined: 200 },
    });
  });

  it('rounds so the parts add up to exactly the records in scope', () => {
    const thirds = tally({
      recordsInScope: 3,
      creditsNeeded: 1,
      failures: { zip_not_found: 1, invalid_zip_format: 1 },
    });
    for (const total of [4, 5, 7, 10, 82_726]) {
      const figures = dryRunFigures(thirds, { total, readAll: false });
      expect(parts(figures)).toBe(figures.recordsInScope);
      expect(figures.recordsInScope).toBe(total);
      for (const part of [figures.creditsNeeded, ...Object.values(figures.failures)])
        expect(Math.abs(part! - total / 3)).toBeLessThan(1);
    }
  });

  it('keeps every failure reason it saw, however rare', () => {
    const rare = tally({ recordsInScope: 10_000, creditsNeeded: 9_999, failures: { zip_not_found: 1 } });
    expect(dryRunFigures(rare, { total: 10_001, readAll: false }).failures).toEqual({ zip_not_found: 1 });
  });

  it('gives the same figures for the same tally', () => {
    const tied = tally({ recordsInScope: 2, creditsNeeded: 1, failures: { zip_not_found: 1 } });
    expect(dryRunFigures(tied, { total: 3, readAll: false })).toEqual({
      ...tally({ recordsInScope: 3, creditsNeeded: 2, failures: { zip_not_found: 1 } }),
      estimate: { examined: 2 },
    });
  });

  it('estimates nothing from nothing read', () => {
    expect(dryRunFigures(tally({}), { total: 50, readAll: false })).toEqual({
      ...tally({ recordsInScope: 50 }),
      estimate: { examined: 0 },
    });
  });
});
