import { describe, expect, it } from 'vitest';
import { DRY_RUN_SAMPLE_SIZE, dryRunFigures } from './estimate';
import type { DryRunTally } from './records';
import { SEARCH_PAGE_MAX, SEARCH_RESULT_CEILING } from './search';

const sample: DryRunTally = {
  recordsInScope: 100,
  resolvable: 90,
  failures: { already_filled: 10, zip_not_found: 5, invalid_zip_format: 5 },
  creditsNeeded: 80,
};

const failing = (figures: DryRunTally) =>
  Object.values(figures.failures).reduce((sum, n) => sum + (n ?? 0), 0);

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

  it('takes the records in scope from HubSpot and scales every count from the records read to them', () => {
    expect(dryRunFigures(sample, { total: 1_000, readAll: false })).toEqual({
      recordsInScope: 1_000,
      resolvable: 900,
      failures: { already_filled: 100, zip_not_found: 50, invalid_zip_format: 50 },
      creditsNeeded: 800,
      estimate: { examined: 100 },
    });
  });

  it('rounds so the failures and the credits needed add up to exactly the records in scope', () => {
    const thirds: DryRunTally = {
      recordsInScope: 3,
      resolvable: 2,
      failures: { zip_not_found: 1, invalid_zip_format: 1 },
      creditsNeeded: 1,
    };
    for (const total of [4, 5, 7, 10, 82_726]) {
      const figures = dryRunFigures(thirds, { total, readAll: false });
      expect(figures.creditsNeeded + failing(figures)).toBe(total);
      expect(figures.resolvable).toBeLessThanOrEqual(total);
      for (const part of [figures.creditsNeeded, ...Object.values(figures.failures)])
        expect(Math.abs(part! - total / 3)).toBeLessThan(1);
    }
  });

  it('never estimates more records to fill than records with a ZIP it resolves', () => {
    const onlyCreditsResolve: DryRunTally = {
      recordsInScope: 3,
      resolvable: 1,
      failures: { invalid_zip_format: 1, zip_not_found: 1 },
      creditsNeeded: 1,
    };
    for (const total of [4, 5, 8, 11]) {
      const figures = dryRunFigures(onlyCreditsResolve, { total, readAll: false });
      expect(figures.creditsNeeded).toBeLessThanOrEqual(figures.resolvable);
    }
  });

  it('keeps every failure reason it saw, however rare', () => {
    const rare: DryRunTally = {
      recordsInScope: 10_000,
      resolvable: 9_999,
      failures: { zip_not_found: 1 },
      creditsNeeded: 9_999,
    };
    expect(dryRunFigures(rare, { total: 10_001, readAll: false }).failures).toEqual({ zip_not_found: 1 });
  });

  it('gives the same figures for the same tally', () => {
    const tied: DryRunTally = {
      recordsInScope: 2,
      resolvable: 1,
      failures: { zip_not_found: 1 },
      creditsNeeded: 1,
    };
    expect(dryRunFigures(tied, { total: 3, readAll: false })).toEqual({
      recordsInScope: 3,
      resolvable: 2,
      failures: { zip_not_found: 1 },
      creditsNeeded: 2,
      estimate: { examined: 2 },
    });
  });

  it('estimates nothing from nothing read', () => {
    expect(
      dryRunFigures(
        { recordsInScope: 0, resolvable: 0, failures: {}, creditsNeeded: 0 },
        { total: 50, readAll: false },
      ),
    ).toEqual({
      recordsInScope: 50,
      resolvable: 0,
      failures: {},
      creditsNeeded: 0,
      estimate: { examined: 0 },
    });
  });
});
