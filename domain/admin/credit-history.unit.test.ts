import { describe, expect, it } from 'vitest';
import type { LookupRef } from '../lookups/events';
import { creditHistory } from './credit-history';

const at = '2026-11-22T10:00:00.000Z';
const lookup: LookupRef = {
  lookupId: 'l1',
  portalId: '123',
  objectType: 'contact',
  objectId: '901',
  zip: '10001',
  requestedAt: at,
};
const failed = { ...lookup, reason: 'crm_update_failed' as const, detail: '500', at };

describe('a credit history', () => {
  it('shows a lookup charge as the amount its event took', () => {
    const [charge] = creditHistory([
      { event: { type: 'LookupCharged', data: { ...lookup, credits: 3, balanceAfter: 7, at } } },
    ]);
    expect(charge).toMatchObject({ kind: 'lookup_charge', change: -3, balanceAfter: 7 });
  });

  it('names where a lookup came from: a workflow or a backfill said, and older lookups as the webhook’s', () => {
    const [fromWorkflow, older] = creditHistory([
      {
        event: {
          type: 'LookupCharged',
          data: { ...lookup, source: 'workflow', credits: 1, balanceAfter: 9, at },
        },
      },
      { event: { type: 'LookupCharged', data: { ...lookup, credits: 1, balanceAfter: 8, at } } },
    ]);
    expect(fromWorkflow).toMatchObject({
      description: 'Lookup of 10001 from a workflow',
      cause: { source: 'workflow' },
    });
    expect(older).toMatchObject({ description: 'Lookup of 10001', cause: { source: 'webhook' } });
  });

  it('shows a refund as the amount its event gave back', () => {
    const [refund] = creditHistory([
      {
        event: {
          type: 'LookupFailed',
          data: { ...failed, refunded: true, refundedCredits: 3, balanceAfter: 10 },
        },
      },
    ]);
    expect(refund).toMatchObject({ kind: 'lookup_refund', change: 3, balanceAfter: 10 });
  });

  it('reads a refund recorded before refunds carried their amount as the one credit a lookup then cost', () => {
    const [refund] = creditHistory([
      { event: { type: 'LookupFailed', data: { ...failed, refunded: true, balanceAfter: 10 } } },
    ]);
    expect(refund).toMatchObject({ kind: 'lookup_refund', change: 1, balanceAfter: 10 });
  });

  it('leaves out a failure that was never charged', () => {
    expect(
      creditHistory([
        { event: { type: 'LookupFailed', data: { ...failed, refunded: false, balanceAfter: 10 } } },
      ]),
    ).toEqual([]);
  });
});
