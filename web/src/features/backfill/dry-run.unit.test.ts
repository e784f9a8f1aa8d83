import { describe, expect, it } from 'vitest';
import type { BackfillDryRunAnswer } from '@api/backfill/contract';
import { creditShortfall, DEFAULT_CHOICES, dryRunMatches, requestOf } from './dry-run';

const dryRun = (request: BackfillDryRunAnswer['request']): BackfillDryRunAnswer => ({
  request,
  recordsInScope: 10,
  resolvable: 8,
  failures: { zip_not_found: 2 },
  creditsNeeded: 8,
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
    expect(dryRunMatches(shown, DEFAULT_CHOICES)).toBe(true);
  });

  it('waits for a new dry run once any choice changed', () => {
    const shown = dryRun({ objectType: 'contact', scope: 'empty' });
    expect(dryRunMatches(shown, { ...DEFAULT_CHOICES, objectType: 'company' })).toBe(false);
    expect(dryRunMatches(shown, { ...DEFAULT_CHOICES, scope: 'all' })).toBe(false);
    expect(dryRunMatches(shown, { ...DEFAULT_CHOICES, changedSince: '2026-01-01' })).toBe(false);
  });

  it('is not allowed before any dry run', () => {
    expect(dryRunMatches(undefined, DEFAULT_CHOICES)).toBe(false);
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
