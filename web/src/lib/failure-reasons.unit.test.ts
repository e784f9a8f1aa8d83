import { describe, expect, it } from 'vitest';
import { reasonBreakdown, reasonLabel } from './failure-reasons';

describe('failure reasons as people read them', () => {
  it('are shown title-cased', () => {
    expect(reasonLabel('insufficient_credits')).toBe('Insufficient Credits');
    expect(reasonLabel('crm_update_failed')).toBe('Crm Update Failed');
    expect(reasonLabel('invalid')).toBe('Invalid');
    expect(reasonLabel('backfill_cancelled')).toBe('Backfill Cancelled');
  });

  it('are listed most frequent first, leaving out reasons with no failures', () => {
    expect(reasonBreakdown({ zip_not_found: 2, insufficient_credits: 5, crm_update_failed: 0 })).toEqual([
      { reason: 'insufficient_credits', label: 'Insufficient Credits', count: 5 },
      { reason: 'zip_not_found', label: 'Zip Not Found', count: 2 },
    ]);
  });
});
