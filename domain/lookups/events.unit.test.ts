import { describe, expect, it } from 'vitest';
import {
  isNothingToUpdate,
  lookupOutcomeOf,
  lookupSourceOf,
  nothingToUpdateApart,
  NOTHING_TO_UPDATE,
} from './events';

describe('a lookup source', () => {
  it('is the webhook for a lookup recorded before sources were', () => {
    expect(lookupSourceOf({})).toBe('webhook');
  });

  it('is the source recorded with the lookup', () => {
    expect(lookupSourceOf({ source: 'backfill' })).toBe('backfill');
    expect(lookupSourceOf({ source: 'workflow' })).toBe('workflow');
  });
});

describe('three outcomes: filled, nothing to update, failed', () => {
  it('a success is filled', () => {
    expect(lookupOutcomeOf({ type: 'LookupSucceeded' })).toBe('filled');
  });

  it('nothing to update is not a failure, also as recorded before there were three outcomes', () => {
    expect(lookupOutcomeOf({ type: 'LookupFailed', data: { reason: 'already_filled' } })).toBe(
      'nothing_to_update',
    );
    expect(isNothingToUpdate(NOTHING_TO_UPDATE)).toBe(true);
  });

  it('every other reason is a failure', () => {
    for (const reason of ['invalid_zip_format', 'zip_not_found', 'crm_update_failed', 'backfill_cancelled'])
      expect(lookupOutcomeOf({ type: 'LookupFailed', data: { reason } })).toBe('failed');
  });

  it('counts by reason keep only failures, nothing to update apart', () => {
    expect(nothingToUpdateApart({ already_filled: 3, zip_not_found: 2, invalid_zip_format: 1 })).toEqual({
      failuresByReason: { zip_not_found: 2, invalid_zip_format: 1 },
      nothingToUpdate: 3,
    });
    expect(nothingToUpdateApart({})).toEqual({ failuresByReason: {}, nothingToUpdate: 0 });
  });
});
