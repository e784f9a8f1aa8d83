import type { Decider } from '../decider';
import { AccountRuleError } from './errors';
import type { EmailClaimEvent } from './events';

/**
 * One stream per e-mail address (named by a hash of the lowercased address, which the caller
 * computes). It is created with an append that expects no stream, so of any number of
 * simultaneous registrations of one address exactly one succeeds.
 */
export const emailStream = (emailHash: string) => `email-${emailHash}`;

export interface EmailClaimState {
  userId: string | null;
  claimedAt: string | null;
}

/**
 * `holderHasAccount` is false when the registration that claimed the address never recorded its
 * account (the process died between the two appends); the caller reads it from the holder's stream.
 */
export type EmailClaimCommand =
  | {
      type: 'ClaimEmail';
      userId: string;
      at: string;
      holderHasAccount?: boolean;
    }
  /** The holder's account was deleted; releasing someone else's claim changes nothing. */
  | { type: 'ReleaseEmail'; userId: string; at: string };

/** How long a claim without an account is protected: a registration still in progress must not be taken over. */
export const ABANDONED_CLAIM_AFTER_MS = 60_000;

function isAbandoned(
  state: EmailClaimState,
  command: Extract<EmailClaimCommand, { type: 'ClaimEmail' }>,
): boolean {
  if (command.holderHasAccount !== false || state.claimedAt === null) return false;
  return Date.parse(command.at) - Date.parse(state.claimedAt) > ABANDONED_CLAIM_AFTER_MS;
}

export const emailClaimDecider: Decider<EmailClaimState, EmailClaimCommand, EmailClaimEvent> = {
  initialState: () => ({ userId: null, claimedAt: null }),
  evolve: (state, event) =>
    event.type === 'EmailClaimed'
      ? { userId: event.data.userId, claimedAt: event.data.at }
      : { userId: null, claimedAt: null },
  decide(command, state) {
    if (command.type === 'ReleaseEmail')
      return state.userId === command.userId
        ? [{ type: 'EmailReleased', data: { userId: command.userId, at: command.at } }]
        : [];
    if (state.userId === command.userId) return [];
    if (state.userId !== null && !isAbandoned(state, command))
      throw new AccountRuleError('email_taken', 'An account with this e-mail already exists.');
    return [{ type: 'EmailClaimed', data: { userId: command.userId, at: command.at } }];
  },
};

/** Addresses are compared without case or surrounding space. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
