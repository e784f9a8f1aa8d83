import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideCredits, evolveCredits, initialCreditsState, type CreditsCommand } from './decider';
import { creditsSnapshot } from './snapshot';

const at = '2026-11-22T10:00:00.000Z';
const lookup = (id: number) => ({
  lookupId: `l-${id}`,
  portalId: '123',
  objectType: 'contact' as const,
  objectId: '901',
  zip: '10001',
  requestedAt: at,
});

const command: fc.Arbitrary<CreditsCommand> = fc.oneof(
  fc
    .record({ invoice: fc.integer({ min: 0, max: 5 }), credits: fc.integer({ min: 1, max: 5 }) })
    .map(({ invoice, credits }): CreditsCommand => ({
      type: 'AddCredits',
      credits,
      source: {
        kind: 'subscription_period',
        invoiceId: `in_${invoice}`,
        subscriptionId: 'sub_1',
        amountCents: 100,
      },
      at,
    })),
  fc
    .integer({ min: 0, max: 20 })
    .map((id): CreditsCommand => ({ type: 'ChargeLookup', lookup: lookup(id), at })),
  fc.integer({ min: 0, max: 20 }).map((id): CreditsCommand => ({
    type: 'FailLookup',
    lookup: lookup(id),
    reason: 'zip_not_found',
    detail: '',
    at,
  })),
);

describe('credits snapshots', () => {
  it('bring back exactly the state they were taken of, so every later decision is the same', () => {
    fc.assert(
      fc.property(
        fc.array(command, { maxLength: 60 }),
        fc.array(command, { maxLength: 20 }),
        (before, after) => {
          const state = before.reduce(
            (s, c) => decideCredits(c, s).reduce(evolveCredits, s),
            initialCreditsState(),
          );
          const stored = JSON.parse(JSON.stringify(creditsSnapshot.encode(state))) as unknown;
          const restored = creditsSnapshot.decode(stored);
          expect(restored).toEqual(state);
          for (const c of after) expect(decideCredits(c, restored!)).toEqual(decideCredits(c, state));
        },
      ),
    );
  });

  it('are not taken for one when the stored data has another shape', () => {
    for (const data of [
      null,
      [],
      'text',
      { balance: '5', appliedSources: [], inFlight: [] },
      { balance: 1.5, appliedSources: [], inFlight: [] },
      { balance: 5, appliedSources: [1], inFlight: [] },
      { balance: 5, appliedSources: [] },
    ]) {
      expect(creditsSnapshot.decode(data)).toBeUndefined();
    }
  });
});
