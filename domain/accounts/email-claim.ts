import type { Decider } from '../decider';
import { AccountRuleError } from './errors';
import type { EmailClaimEvent } from './events';

/**
 * One stream per e-mail address, named by a keyed digest of the lowercased address (which the
 * caller computes: no one without the key can tell from a name whose address it is). It is
 * created with an append that expects no stream, so of any number of simultaneous registrations
 * of one address exactly one succeeds. It outlives the account: it remembers that the address
 * had its sign-up bonus.
 */
export const emailStream = (addressDigest: string) => `email-k1-${addressDigest}`;

/** The names claim streams had before: the address's bare SHA-256, which anyone can compute. */
export const LEGACY_EMAIL_STREAM = /^email-([0-9a-f]{64})$/;

export interface EmailClaimState {
  userId: string | null;
  claimedAt: string | null;
  /** The account that got the address's sign-up bonus, when it is known. */
  bonusTo: string | null;
  /** Whether any account of this address ever got the sign-up bonus. */
  bonusReceived: boolean;
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
  | { type: 'ReleaseEmail'; userId: string; at: string }
  /** The holder asks for the address's sign-up bonus; granted when the state names them in `bonusTo`. */
  | { type: 'ClaimSignupBonus'; userId: string; at: string }
  /** Takes over a claim from its legacy stream (a fresh stream only). */
  | {
      type: 'AdoptLegacyClaim';
      legacy: Pick<EmailClaimState, 'userId' | 'claimedAt' | 'bonusReceived'>;
      at: string;
    };

/** How long a claim without an account is protected: a registration still in progress must not be taken over. */
export const ABANDONED_CLAIM_AFTER_MS = 60_000;

function isAbandoned(
  state: EmailClaimState,
  command: Extract<EmailClaimCommand, { type: 'ClaimEmail' }>,
): boolean {
  if (command.holderHasAccount !== false || state.claimedAt === null) return false;
  return Date.parse(command.at) - Date.parse(state.claimedAt) > ABANDONED_CLAIM_AFTER_MS;
}

function evolveClaim(state: EmailClaimState, event: EmailClaimEvent): EmailClaimState {
  switch (event.type) {
    case 'EmailClaimed':
      return { ...state, userId: event.data.userId, claimedAt: event.data.at };
    // Every account released so far had its bonus: each registration before this rule got one.
    case 'EmailReleased':
      return { ...state, userId: null, claimedAt: null, bonusReceived: true };
    case 'SignupBonusClaimed':
      return { ...state, bonusTo: event.data.userId, bonusReceived: true };
    case 'EmailClaimRekeyed':
      return {
        userId: event.data.userId,
        claimedAt: event.data.claimedAt,
        bonusTo: null,
        bonusReceived: event.data.bonusReceived,
      };
  }
}

/**
 * The sign-up bonus is granted once per address, ever: to the first account of the address
 * that asks, and never again to a later account of it, even after that first one is deleted.
 */
function decideSignupBonus(
  command: Extract<EmailClaimCommand, { type: 'ClaimSignupBonus' }>,
  state: EmailClaimState,
): EmailClaimEvent[] {
  if (state.userId !== command.userId)
    throw new AccountRuleError('email_taken', 'Only the holder of an address can claim its sign-up bonus.');
  if (state.bonusReceived) return [];
  return [{ type: 'SignupBonusClaimed', data: { userId: command.userId, at: command.at } }];
}

export const emailClaimDecider: Decider<EmailClaimState, EmailClaimCommand, EmailClaimEvent> = {
  initialState: () => ({ userId: null, claimedAt: null, bonusTo: null, bonusReceived: false }),
  evolve: evolveClaim,
  decide(command, state) {
    if (command.type === 'ReleaseEmail')
      return state.userId === command.userId
        ? [{ type: 'EmailReleased', data: { userId: command.userId, at: command.at } }]
        : [];
    if (command.type === 'ClaimSignupBonus') return decideSignupBonus(command, state);
    if (command.type === 'AdoptLegacyClaim')
      return state.userId === null && state.claimedAt === null && !state.bonusReceived
        ? [{ type: 'EmailClaimRekeyed', data: { ...command.legacy, at: command.at } }]
        : [];
    if (state.userId === command.userId) return [];
    if (state.userId !== null && !isAbandoned(state, command))
      throw new AccountRuleError('email_taken', 'An account with this e-mail already exists.');
    return [{ type: 'EmailClaimed', data: { userId: command.userId, at: command.at } }];
  },
};

/** Whether this account got the address's sign-up bonus (after ClaimSignupBonus). */
export const hasSignupBonus = (state: EmailClaimState, userId: string) => state.bonusTo === userId;

/**
 * What a legacy claim stream carries over: its holder, and whether the address had its bonus
 * (a holder did: every registration before this rule got one; so did a released one).
 */
export const legacyClaim = (state: EmailClaimState) => ({
  userId: state.userId,
  claimedAt: state.claimedAt,
  bonusReceived: state.bonusReceived || state.userId !== null,
});

/** Addresses are compared without case or surrounding space. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
