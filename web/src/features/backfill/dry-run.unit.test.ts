import { describe, expect, it } from 'vitest';
import type { BackfillDryRunAnswer } from '@api/backfill/contract';
import {
  creditShortfall,
  DEFAULT_CHOICES,
  dryRunFigure,
  dryRunMatches,
  dryRunSum,
  estimateNote,
  requestOf,
  shortfallText,
} from './dry-run';

const dryRun = (request: BackfillDryRunAnswer['request']): BackfillDryRunAnswer => ({
  request,
  recordsInScope: 10,
  creditsNeeded: 7,
  nothingToUpdate: 1,
  failures: { zip_not_found: 2 },
  balance: 50,
  recordsCovered: 8,
});

describe('the choices of a backfill', () => {
  it('fill only records whose mapped fields are empty unless the user asks for all', () => {
    expect(DEFAULT_CHOICES.scope).toBe('empty');
  });

  it('ask for records changed since a date only when one is given', () => {
    expect(requestOf({ objectType: 'company', scope: 'all', changedSince: '' })).toEqual({
      objectType: 'company',
      scope: 'all',
    });
    expect(requestOf({ objectType: 'contact', scope: 'empty', changedSince: '2026-01-31' })).toEqual({
      objectType: 'contact',
      scope: 'empty',
      changedSince: '2026-01-31',
    });
  });
});

describe('starting a backfill after its dry run', () => {
  it('is allowed for the choices the dry run was shown for', () => {
    const shown = dryRun({ objectType: 'contact', scope: 'empty' });
    expect(dryRunMatches(shown, requestOf(DEFAULT_CHOICES))).toBe(true);
  });

  it('waits for a new dry run once any choice changed', () => {
    const shown = dryRun({ objectType: 'contact', scope: 'empty' });
    expect(dryRunMatches(shown, requestOf({ ...DEFAULT_CHOICES, objectType: 'company' }))).toBe(false);
    expect(dryRunMatches(shown, requestOf({ ...DEFAULT_CHOICES, scope: 'all' }))).toBe(false);
    expect(dryRunMatches(shown, requestOf({ ...DEFAULT_CHOICES, changedSince: '2026-01-01' }))).toBe(false);
  });

  it('of one health-check class is allowed only for that class, and not for a plain backfill of the same records', () => {
    const fix = { objectType: 'contact', scope: 'all', healthClass: 'state_not_zips' } as const;
    expect(dryRunMatches(dryRun(fix), fix)).toBe(true);
    expect(dryRunMatches(dryRun(fix), { ...fix, healthClass: 'county_not_zips' })).toBe(false);
    expect(dryRunMatches(dryRun(fix), { objectType: 'contact', scope: 'all' })).toBe(false);
    expect(dryRunMatches(dryRun({ objectType: 'contact', scope: 'all' }), fix)).toBe(false);
  });

  it('is not allowed before any dry run', () => {
    expect(dryRunMatches(undefined, requestOf(DEFAULT_CHOICES))).toBe(false);
  });
});

describe('what the balance covers', () => {
  it('falls short by the credits needed beyond the balance', () => {
    expect(creditShortfall({ creditsNeeded: 120, balance: 50 })).toBe(70);
  });

  it('falls short by nothing when the balance covers the job', () => {
    expect(creditShortfall({ creditsNeeded: 50, balance: 50 })).toBe(0);
  });
});

describe('a dry run estimated from a sample', () => {
  const estimated = { estimate: { examined: 10_000 }, recordsInScope: 82_726 };

  it('says plainly that its figures are estimated, from how many of the records, and which ones', () => {
    expect(estimateNote(estimated)).toBe(
      'Estimated from the first 10,000 of 82,726 records (the oldest): the job itself reads every record.',
    );
  });

  it('shows its figures as estimates', () => {
    expect(dryRunFigure(estimated, 72_923)).toBe('about 72,923');
  });

  it('tells how far the balance falls short as an estimate', () => {
    expect(shortfallText({ ...estimated, creditsNeeded: 72_923, balance: 50, recordsCovered: 50 })).toBe(
      'Your balance covers 50 records of about 72,923 expected to be filled: about 72,873 more credits would be needed. ' +
        'The job stops when the credits run out and carries on after a purchase.',
    );
  });
});

describe('a dry run that read every record in scope', () => {
  const exact = dryRun({ objectType: 'contact', scope: 'empty' });

  it('says nothing of an estimate and shows its figures as they are', () => {
    expect(estimateNote(exact)).toBeNull();
    expect(dryRunFigure(exact, 1_204)).toBe('1,204');
  });

  it('tells exactly how far the balance falls short', () => {
    expect(shortfallText({ creditsNeeded: 120, balance: 50, recordsCovered: 50 })).toBe(
      'Your balance covers 50 records of the 120 expected to be filled: 70 more credits would be needed. ' +
        'The job stops when the credits run out and carries on after a purchase.',
    );
  });
});

describe('the dry run’s sum', () => {
  it('shows the records in scope as the parts that add up to them', () => {
    expect(dryRunSum(dryRun({ objectType: 'contact', scope: 'empty' }), 2)).toBe(
      '10 in scope = 7 to fill + 1 with nothing to update + 2 that would fail.',
    );
  });
});
