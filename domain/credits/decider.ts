import { assertNever, type Decider } from '../decider';
import { CREDITS_PER_LOOKUP } from './constants';
import { CreditsRuleError } from './errors';
import { lookupSourceOf, type LookupFailureReason, type LookupRef } from '../lookups/events';
import { sourceKey, type CreditSource, type CreditsEvent } from './events';
import { creditsSnapshot } from './snapshot';
import type { CreditsState } from './state';

/** The stream that holds one user's credits and the lookups they paid for. */
export const creditsStream = (userId: string) => `credits-${userId}`;

export type CreditsCommand =
  | { type: 'AddCredits'; credits: number; source: CreditSource; at: string }
  | { type: 'ChargeLookup'; lookup: LookupRef; at: string }
  | {
      type: 'CompleteLookup';
      lookup: LookupRef;
      filled: Record<string, string>;
      /** What each property written held before: recorded so the change can be shown and undone. */
      before: Record<string, string>;
      at: string;
    }
  | { type: 'FailLookup'; lookup: LookupRef; reason: LookupFailureReason; detail: string; at: string };

export const initialCreditsState = (): CreditsState => ({
  balance: 0,
  appliedSources: new Set(),
  inFlight: new Set(),
});

function withAdded<T>(set: ReadonlySet<T>, value: T): ReadonlySet<T> {
  const next = new Set(set);
  next.add(value);
  return next;
}

function without<T>(set: ReadonlySet<T>, value: T): ReadonlySet<T> {
  const next = new Set(set);
  next.delete(value);
  return next;
}

export function evolveCredits(state: CreditsState, event: CreditsEvent): CreditsState {
  switch (event.type) {
    case 'CreditsAdded': {
      const key = sourceKey(event.data.source);
      return {
        ...state,
        balance: event.data.balanceAfter,
        appliedSources: key ? withAdded(state.appliedSources, key) : state.appliedSources,
      };
    }
    case 'LookupCharged':
      return {
        ...state,
        balance: event.data.balanceAfter,
        inFlight: withAdded(state.inFlight, event.data.lookupId),
      };
    case 'LookupSucceeded':
    case 'LookupFailed':
      return {
        ...state,
        balance: event.data.balanceAfter,
        inFlight: without(state.inFlight, event.data.lookupId),
      };
    default:
      return assertNever(event);
  }
}

/**
 * The credit rules: credits come once per source; a lookup costs CREDITS_PER_LOOKUP, charged
 * once and only while the balance allows it; a lookup that fails after its charge gets it back.
 * Both events record the amount, so what reads them never assumes the price.
 */
export function decideCredits(command: CreditsCommand, state: CreditsState): CreditsEvent[] {
  switch (command.type) {
    case 'AddCredits': {
      if (!Number.isSafeInteger(command.credits) || command.credits <= 0) {
        throw new CreditsRuleError('invalid_amount', 'Credits to add must be a whole number above zero');
      }
      const key = sourceKey(command.source);
      if (key && state.appliedSources.has(key)) return [];
      return [
        {
          type: 'CreditsAdded',
          data: {
            credits: command.credits,
            source: command.source,
            balanceAfter: state.balance + command.credits,
            at: command.at,
          },
        },
      ];
    }
    case 'ChargeLookup': {
      if (state.inFlight.has(command.lookup.lookupId)) return [];
      if (state.balance < CREDITS_PER_LOOKUP) {
        // A backfill stops before the records it cannot pay for; they are reached again after a
        // purchase, so they are neither charged nor failed now.
        if (lookupSourceOf(command.lookup) === 'backfill')
          throw new CreditsRuleError('insufficient_credits', 'No credits left for this backfill record');
        return [
          {
            type: 'LookupFailed',
            data: {
              ...command.lookup,
              reason: 'insufficient_credits',
              detail: 'No credits left',
              refunded: false,
              refundedCredits: 0,
              balanceAfter: state.balance,
              at: command.at,
            },
          },
        ];
      }
      return [
        {
          type: 'LookupCharged',
          data: {
            ...command.lookup,
            credits: CREDITS_PER_LOOKUP,
            balanceAfter: state.balance - CREDITS_PER_LOOKUP,
            at: command.at,
          },
        },
      ];
    }
    case 'CompleteLookup': {
      if (!state.inFlight.has(command.lookup.lookupId)) {
        throw new CreditsRuleError('lookup_not_charged', `Lookup ${command.lookup.lookupId} was not charged`);
      }
      return [
        {
          type: 'LookupSucceeded',
          data: {
            ...command.lookup,
            filled: command.filled,
            before: command.before,
            balanceAfter: state.balance,
            at: command.at,
          },
        },
      ];
    }
    case 'FailLookup': {
      const refunded = state.inFlight.has(command.lookup.lookupId);
      // Every charge in flight was made at this price: the price has never changed.
      const refundedCredits = refunded ? CREDITS_PER_LOOKUP : 0;
      return [
        {
          type: 'LookupFailed',
          data: {
            ...command.lookup,
            reason: command.reason,
            detail: command.detail.slice(0, 500),
            refunded,
            refundedCredits,
            balanceAfter: state.balance + refundedCredits,
            at: command.at,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

export const creditsDecider: Decider<CreditsState, CreditsCommand, CreditsEvent> = {
  initialState: initialCreditsState,
  evolve: evolveCredits,
  decide: decideCredits,
  snapshot: creditsSnapshot,
};
