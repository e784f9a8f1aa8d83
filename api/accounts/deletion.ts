import { accountStream } from '../../domain/accounts/decider';
import { emailStream } from '../../domain/accounts/email-claim';
import { creditsStream } from '../../domain/credits/decider';
import { portalSubject, userSubject } from '../../domain/eventstore/personal-data';
import {
  hasActiveSubscription,
  subscriptionsStream,
  type SubscriptionsState,
} from '../../domain/subscriptions/decider';
import { PaymentProviderError, type PaymentsGateway } from '../adapters/stripe/gateway';
import type { OperationalDb } from '../db/operational';
import { badRequest, HttpError, unauthorized } from '../http/errors';
import type { SubscriptionsHandler } from '../payments/services';
import type { PersonalDataKeys } from '../personal-data/keys';
import type { RateLimiter, RateLimitPolicy } from '../auth/rate-limit';
import { forgetOperationalRows } from './forget-operational';
import type { AccountsDeps } from './services';

export const WRONG_PASSWORD = 'The password is not correct. Nothing was deleted.';
export const SUBSCRIPTION_NOT_CANCELLED =
  'Your monthly subscription could not be cancelled at Stripe, so nothing was deleted. ' +
  'Please try again in a few minutes, or cancel it under Credits first.';
export const ACCOUNT_DELETED = 'Your account has been deleted. Goodbye.';

/** What deleting an account reaches beyond the accounts: payments, HubSpot, the keys, the tables. */
export interface AccountDeletionDeps {
  accounts: AccountsDeps;
  /** Wrong passwords count with the sign-in's failures of the address: a stolen session guesses no faster. */
  limiter: RateLimiter;
  limits: RateLimitPolicy;
  subscriptions: SubscriptionsHandler;
  gateway: PaymentsGateway;
  keys: PersonalDataKeys;
  operational: OperationalDb;
  /** Every portal the account holds or held last, connected or not. */
  portalsHeldBy(userId: string): Promise<string[]>;
  /** Deletes a connection the way the user would: the event, then HubSpot revokes the tokens. */
  disconnectPortal(userId: string, portalId: string): Promise<void>;
  /** Erases the sandbox CRM portals the account created, their records included (none without the sandbox). */
  eraseSandboxPortals(userId: string): Promise<void>;
  /** Writes this process's queued log lines, so that the account's last lines are deleted too. */
  flushLogs(): Promise<void>;
}

/** Ends every subscription Stripe still bills, at Stripe first; refuses (deleting nothing) if Stripe will not. */
async function cancelSubscriptions(deps: AccountDeletionDeps, userId: string): Promise<SubscriptionsState> {
  const stream = subscriptionsStream(userId);
  const { state } = await deps.subscriptions.load(stream);
  const atStripe = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (error) {
      if (error instanceof PaymentProviderError) throw new HttpError(409, SUBSCRIPTION_NOT_CANCELLED);
      throw error;
    }
  };
  // A monthly checkout still open would start a subscription for an account that no longer exists.
  const open = state.openCheckout;
  if (open) await atStripe(() => deps.gateway.expireCheckout(open.sessionId));
  for (const [subscriptionId, s] of state.subscriptions) {
    if (s.endedAt || s.status === 'canceled' || s.status === 'incomplete_expired') continue;
    if (!s.started && s.status === null) continue;
    await atStripe(() => deps.gateway.cancelSubscription(subscriptionId));
    const at = deps.accounts.now().toISOString();
    await deps.subscriptions.handle(
      stream,
      { type: 'CancelSubscription', subscriptionId, endedAt: at, at },
      { commandId: `delete-account-cancel:${subscriptionId}`, metadata: { userId } },
    );
  }
  return (await deps.subscriptions.load(stream)).state;
}

/**
 * Deletes an account at its owner's request, in an order that erases even if it stops half-way
 * and is asked again: the password is checked; Stripe stops billing (or nothing happens); the
 * portals are disconnected and their tokens revoked; the person's and the portals' keys are
 * deleted, so every personal field in the log reads as erased from then on; the deletion is
 * recorded (read models drop what the keys protected when they read it) and the address is
 * freed; the operational rows naming the account go, its sessions among them, and so do the
 * sandbox CRM portals it created. The keys go
 * before the event so that anything recorded between the two is erased by the event too.
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  userId: string,
  password: string,
): Promise<void> {
  const { accounts } = deps;
  const { state } = await accounts.accounts.load(accountStream(userId));
  if (state.status !== 'registered') throw unauthorized();
  const { email } = state;
  const failures = deps.limits.loginFailuresPerAddress;
  await deps.limiter.check('login-address', email, failures);
  if (!(await accounts.hasher.verify(password, state.passwordHash))) {
    await deps.limiter.hit('login-address', email, failures);
    throw badRequest(WRONG_PASSWORD);
  }

  const subscriptions = await cancelSubscriptions(deps, userId);
  const portalIds = await deps.portalsHeldBy(userId);
  for (const portalId of portalIds) await deps.disconnectPortal(userId, portalId);

  await deps.keys.shred([userSubject(userId)], { forever: true });
  await deps.keys.shred(portalIds.map(portalSubject));
  const at = accounts.now().toISOString();
  const metadata = { userId };
  await accounts.accounts.handle(
    accountStream(userId),
    { type: 'DeleteAccount', portalIds, subscriptionActive: hasActiveSubscription(subscriptions), at },
    { commandId: `delete-account:${userId}`, metadata },
  );
  const claim = emailStream(accounts.addressDigest(email));
  await accounts.emailClaims.handle(
    claim,
    { type: 'ReleaseEmail', userId, at },
    { commandId: `release-email:${userId}`, metadata },
  );

  await accounts.sessions.revokeAllOf(userId);
  await deps.eraseSandboxPortals(userId);
  await deps.limiter.reset('login-address', email);
  await deps.flushLogs();
  await forgetOperationalRows(deps.operational, {
    userId,
    email,
    portalIds,
    streams: [accountStream(userId), creditsStream(userId), subscriptionsStream(userId), claim],
  });
}
