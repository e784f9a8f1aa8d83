import { describe, expect, it } from 'vitest';
import { lookupSourceOf } from './events';

describe('a lookup source', () => {
  it('is the webhook for a lookup recorded before sources were', () => {
    expect(lookupSourceOf({})).toBe('webhook');
  });

  it('is the source recorded with the lookup', () => {
    expect(lookupSourceOf({ source: 'backfill' })).toBe('backfill');
    expect(lookupSourceOf({ source: 'workflow' })).toBe('workflow');
  });
});
