import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideCredits, evolveCredits, initialCreditsState, type CreditsCommand } from './decider';
import type { CreditsState } from './state';
import type { LookupRef } from '../lookups/events';
import { CREDITS_PER_LOOKUP } from './constants';
import type { CreditsEvent } from './events';

const at = '2026-11-22T10:00:00.000Z';
const lookup = (id: string): LookupRef => ({
  lookupId: id,
  portalId: '123',
  objectType: 'contact',
  objectId: '901',
  zip: '10001',
  requestedAt: at,
});

function given(...commands: CreditsCommand[]): CreditsState {
  return commands.reduce(
    (state, c) => decideCredits(c, state).reduce(evolveCredits, state),
    initialCreditsState(),
  );
}
const signup: CreditsCommand = { type: 'AddCredits', credits: 50, source: { kind: 'signup' }, at };

describe('credits rules', () => {
  it('adds credits and records the balance after', () => {
    expect(decideCredits(signup, initialCreditsState())).toEqual([
      { type: 'CreditsAdded', data: { credits: 50, source: { kind: 'signup' }, balanceAfter: 50, at } },
    ]);
  });

  it('credits a Stripe checkout session only once, however often it is reported', () => {
    const purchase: CreditsCommand = {
      type: 'AddCredits',
      credits: 1200,
      source: { kind: 'pack_purchase', checkoutSessionId: 'cs_1', packageId: 'growth', amountCents: 15000 },
      at,
    };
    const state = given(signup, purchase);
    expect(state.balance).toBe(1250);
    expect(decideCredits(purchase, state)).toEqual([]);
  });

  it('credits each subscription invoice once and every distinct invoice', () => {
    const period = (invoiceId: string): CreditsCommand => ({
      type: 'AddCredits',
      credits: 300,
      source: { kind: 'subscription_period', invoiceId, subscriptionId: 'sub_1', amountCents: 4000 },
      at,
    });
    expect(given(period('in_1'), period('in_1'), period('in_2'), period('in_3')).balance).toBe(900);
  });

  it('refuses to add zero, negative or fractional credits', () => {
    for (const credits of [0, -5, 1.5]) {
      expect(() => decideCredits({ ...signup, credits } as CreditsCommand, initialCreditsState())).toThrow(
        /whole number/,
      );
    }
  });

  it('charges one credit per lookup', () => {
    const state = given(signup, { type: 'ChargeLookup', lookup: lookup('l1'), at });
    expect(state.balance).toBe(49);
    expect(state.inFlight.has('l1')).toBe(true);
  });

  it('charges a lookup once however often the charge is retried', () => {
    const charge: CreditsCommand = { type: 'ChargeLookup', lookup: lookup('l1'), at };
    const state = given(signup, charge);
    expect(decideCredits(charge, state)).toEqual([]);
  });

  it('fails a lookup as insufficient_credits at a zero balance, charging nothing', () => {
    const [event] = decideCredits({ type: 'ChargeLookup', lookup: lookup('l1'), at }, initialCreditsState());
    expect(event).toMatchObject({
      type: 'LookupFailed',
      data: { reason: 'insufficient_credits', refunded: false, balanceAfter: 0 },
    });
  });

  it('refuses to charge a backfill record the balance cannot pay for, recording neither a charge nor a failure', () => {
    const record: LookupRef = { ...lookup('backfill-1'), source: 'backfill' };
    expect(() => decideCredits({ type: 'ChargeLookup', lookup: record, at }, initialCreditsState())).toThrow(
      expect.objectContaining({ code: 'insufficient_credits' }),
    );
  });

  it('returns the credit when a charged lookup fails', () => {
    const state = given(signup, { type: 'ChargeLookup', lookup: lookup('l1'), at });
    const [event] = decideCredits(
      { type: 'FailLookup', lookup: lookup('l1'), reason: 'crm_update_failed', detail: '500', at },
      state,
    );
    expect(event).toMatchObject({ type: 'LookupFailed', data: { refunded: true, balanceAfter: 50 } });
  });

  it('records on the charge and on its refund how many credits moved', () => {
    const state = given(signup);
    const [charge] = decideCredits({ type: 'ChargeLookup', lookup: lookup('l1'), at }, state);
    expect(charge).toMatchObject({ type: 'LookupCharged', data: { credits: CREDITS_PER_LOOKUP } });
    const [refund] = decideCredits(
      { type: 'FailLookup', lookup: lookup('l1'), reason: 'crm_update_failed', detail: '500', at },
      evolveCredits(state, charge!),
    );
    expect(refund).toMatchObject({ data: { refunded: true, refundedCredits: CREDITS_PER_LOOKUP } });
  });

  it('records a failure before any charge without touching the balance', () => {
    const [event] = decideCredits(
      { type: 'FailLookup', lookup: lookup('l9'), reason: 'zip_not_found', detail: '', at },
      given(signup),
    );
    expect(event).toMatchObject({ data: { refunded: false, balanceAfter: 50 } });
  });

  it('keeps the charge of a lookup that succeeds', () => {
    const state = given(
      signup,
      { type: 'ChargeLookup', lookup: lookup('l1'), at },
      {
        type: 'CompleteLookup',
        lookup: lookup('l1'),
        filled: { city: 'New York' },
        before: { city: '' },
        at,
      },
    );
    expect(state.balance).toBe(49);
    expect(state.inFlight.size).toBe(0);
  });

  it('refuses to complete a lookup that was never charged', () => {
    expect(() =>
      decideCredits(
        { type: 'CompleteLookup', lookup: lookup('l1'), filled: {}, before: {}, at },
        given(signup),
      ),
    ).toThrow(/not charged/);
  });

  it('never lets the balance go below zero and keeps it equal to what was added minus what was kept', () => {
    const command = fc.oneof(
      fc.record({
        type: fc.constant('add' as const),
        credits: fc.integer({ min: 1, max: 5 }),
        id: fc.string({ maxLength: 3 }),
      }),
      fc.record({ type: fc.constant('charge' as const), id: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ type: fc.constant('succeed' as const), id: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ type: fc.constant('fail' as const), id: fc.integer({ min: 0, max: 30 }) }),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 80 }), (commands) => {
        let state = initialCreditsState();
        const events: CreditsEvent[] = [];
        for (const c of commands) {
          const cmd: CreditsCommand =
            c.type === 'add'
              ? {
                  type: 'AddCredits',
                  credits: c.credits,
                  source: {
                    kind: 'subscription_period',
                    invoiceId: c.id,
                    subscriptionId: 's',
                    amountCents: 1,
                  },
                  at,
                }
              : c.type === 'charge'
                ? { type: 'ChargeLookup', lookup: lookup(String(c.id)), at }
                : c.type === 'fail'
                  ? {
                      type: 'FailLookup',
                      lookup: lookup(String(c.id)),
                      reason: 'crm_update_failed',
                      detail: '',
                      at,
                    }
                  : { type: 'CompleteLookup', lookup: lookup(String(c.id)), filled: {}, before: {}, at };
          let decided: CreditsEvent[];
          try {
            decided = decideCredits(cmd, state);
          } catch {
            continue;
          }
          for (const e of decided) {
            state = evolveCredits(state, e);
            events.push(e);
            expect(state.balance).toBeGreaterThanOrEqual(0);
          }
        }
        const added = events
          .flatMap((e) => (e.type === 'CreditsAdded' ? [e.data.credits] : []))
          .reduce((a, b) => a + b, 0);
        const charged = events.filter((e) => e.type === 'LookupCharged').length;
        const refunded = events.filter((e) => e.type === 'LookupFailed' && e.data.refunded).length;
        expect(state.balance).toBe(added - charged + refunded);
      }),
      { numRuns: 1000 },
    );
  });
});
