import { assertNever, type Decider } from '../decider';
import { AccountRuleError } from './errors';
import { accountSnapshot } from './snapshot';
import { isBalanceLow } from './low-balance';
import type { AccountState, RegisteredAccount } from './state';
import type { AccountEvent, AdminGrantReason, PasswordChangeKind } from './events';

/** The stream that holds one account: registration, password, admin status, notifications. */
export const accountStream = (userId: string) => `account-${userId}`;

/** The user id an account stream belongs to, or undefined for any other stream. */
export function userIdOfAccountStream(stream: string): string | undefined {
  return stream.startsWith('account-') ? stream.slice('account-'.length) : undefined;
}

export type AccountCommand =
  | {
      type: 'RegisterAccount';
      userId: string;
      email: string;
      passwordHash: string;
      partner: string | null;
      at: string;
    }
  | { type: 'ChangePassword'; passwordHash: string; via: PasswordChangeKind; at: string }
  | { type: 'GrantAdmin'; reason: AdminGrantReason; at: string }
  | { type: 'SetCreditThreshold'; threshold: number | null; at: string }
  | { type: 'UnsubscribeCreditNotifications'; at: string }
  | { type: 'ObserveBalance'; balance: number; at: string }
  | {
      type: 'DeleteAccount';
      /** The portals the account holds, whose keys are deleted with the person's. */
      portalIds: string[];
      /** Whether Stripe still bills the account (the caller cancels it first). */
      subscriptionActive: boolean;
      at: string;
    };

export const initialAccountState = (): AccountState => ({ status: 'none' });

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  if (event.type === 'AccountDeleted')
    return { status: 'deleted', userId: event.data.userId, deletedAt: event.data.at };
  if (event.type === 'AccountRegistered') {
    return {
      status: 'registered',
      ...event.data,
      isAdmin: false,
      creditThreshold: null,
      notificationsUnsubscribed: false,
      thresholdBeforeUnsubscribe: null,
      lowCreditNoticeArmed: true,
    };
  }
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'AdminGranted':
      return { ...state, isAdmin: true };
    case 'CreditThresholdSet':
      return {
        ...state,
        creditThreshold: event.data.threshold,
        lowCreditNoticeArmed: true,
        ...(event.data.threshold === null
          ? {}
          : { notificationsUnsubscribed: false, thresholdBeforeUnsubscribe: null }),
      };
    case 'CreditNotificationsUnsubscribed':
      return {
        ...state,
        notificationsUnsubscribed: true,
        creditThreshold: null,
        thresholdBeforeUnsubscribe: state.creditThreshold ?? state.thresholdBeforeUnsubscribe,
      };
    case 'LowCreditNoticeSent':
      return { ...state, lowCreditNoticeArmed: false };
    case 'LowCreditNoticeRearmed':
      return { ...state, lowCreditNoticeArmed: true };
    default:
      return assertNever(event);
  }
}

function registered(state: AccountState): RegisteredAccount {
  if (state.status !== 'registered')
    throw new AccountRuleError('not_registered', 'There is no such account.');
  return state;
}

/**
 * The account rules. Registration happens once; admin is granted once; a threshold is a whole
 * number of credits or none; a balance below the threshold sends one notice, and the next only
 * after the balance has come back to the threshold or above. Unsubscribing through the e-mail's
 * link turns the threshold off (it is remembered, to be turned back on with one click); setting
 * a threshold again turns notifications back on. An account is deleted once, never while a
 * subscription still bills it; a deleted account takes no other command.
 */
export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'RegisterAccount': {
      if (state.status === 'registered') {
        if (state.userId === command.userId && state.email === command.email) return [];
        throw new AccountRuleError('already_registered', 'This account is already registered.');
      }
      if (state.status === 'deleted')
        throw new AccountRuleError('already_registered', 'This account is already registered.');
      const { userId, email, passwordHash, partner, at } = command;
      return [
        { type: 'AccountRegistered', data: { userId, email, passwordHash, partner, registeredAt: at } },
      ];
    }
    case 'ChangePassword':
      registered(state);
      return [
        {
          type: 'PasswordChanged',
          data: { passwordHash: command.passwordHash, via: command.via, at: command.at },
        },
      ];
    case 'GrantAdmin':
      return registered(state).isAdmin
        ? []
        : [{ type: 'AdminGranted', data: { reason: command.reason, at: command.at } }];
    case 'SetCreditThreshold': {
      const account = registered(state);
      const { threshold } = command;
      if (threshold !== null && (!Number.isSafeInteger(threshold) || threshold < 0)) {
        throw new AccountRuleError(
          'invalid_threshold',
          'The threshold must be a whole number of credits, 0 or more.',
        );
      }
      if (threshold === account.creditThreshold) return [];
      return [{ type: 'CreditThresholdSet', data: { threshold, at: command.at } }];
    }
    case 'UnsubscribeCreditNotifications':
      return registered(state).notificationsUnsubscribed
        ? []
        : [{ type: 'CreditNotificationsUnsubscribed', data: { at: command.at } }];
    case 'ObserveBalance': {
      if (state.status !== 'registered') return [];
      const threshold = state.creditThreshold;
      if (threshold === null || state.notificationsUnsubscribed) return [];
      const { balance, at } = command;
      if (isBalanceLow(balance, threshold) && state.lowCreditNoticeArmed) {
        return [{ type: 'LowCreditNoticeSent', data: { balance, threshold, at } }];
      }
      if (!isBalanceLow(balance, threshold) && !state.lowCreditNoticeArmed) {
        return [{ type: 'LowCreditNoticeRearmed', data: { balance, threshold, at } }];
      }
      return [];
    }
    case 'DeleteAccount': {
      if (state.status === 'deleted') return [];
      const { userId } = registered(state);
      if (command.subscriptionActive)
        throw new AccountRuleError(
          'subscription_active',
          'The monthly subscription could not be cancelled, so nothing was deleted. Cancel it under Credits, then try again.',
        );
      return [
        { type: 'AccountDeleted', data: { userId, portalIds: [...command.portalIds], at: command.at } },
      ];
    }
    default:
      return assertNever(command);
  }
}

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: decideAccount,
  snapshot: accountSnapshot,
};

/**
 * Whether anything may act as this account (a session, a pass, a state, a link, a portal's
 * requests): only while it is registered; a deleted account and one that never was admit no one.
 */
export const admitsEntry = (state: AccountState): state is RegisteredAccount => state.status === 'registered';

/** How long the unsubscribe link of a low-credit e-mail works: a copied link does not last forever. */
export const UNSUBSCRIBE_LINK_DAYS = 90;

/** Whether an unsubscribe link issued at `issuedAt` still works at `now` (epoch ms); it may be used again until then. */
export const unsubscribeLinkWorks = (issuedAt: number, now: number) =>
  now - issuedAt <= UNSUBSCRIBE_LINK_DAYS * 86_400_000;
