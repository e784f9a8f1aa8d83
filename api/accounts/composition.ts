import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../domain/eventstore/types';
import { createPasswordHasher, type ScryptParams } from '../auth/passwords';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimitPolicy } from '../auth/rate-limit';
import { AccountGate } from '../auth/gate';
import { Sessions, type Clock } from '../auth/sessions';
import { creditsHandler } from '../credits/handler';
import type { OperationalDb } from '../db/operational';
import type { Snapshots } from '../eventsourcing/snapshots';
import type { HttpModule } from '../http/app';
import type { Logger } from '../logging/logger';
import type { Mailer } from '../mail/mailer';
import type { Settings } from '../settings';
import { addressDigester, emailDigestKey, keyedDigestOfHash } from './address-digest';
import { grantListedAdmins } from './admin';
import { rekeyLegacyClaims } from './rekey-claims';
import { passwordsModule } from './password-routes';
import { accountsModule } from './routes';
import { accountHandlers, type AccountsDeps } from './services';

export interface AccountsOptions {
  settings: Settings;
  logger: Logger;
  store: EventStore;
  /** Keeps long account and credit streams quick to load after a restart. */
  snapshots?: Snapshots;
  operational: OperationalDb;
  mailer: Mailer;
  now: Clock;
  passwordHashing?: ScryptParams;
  rateLimits?: Partial<RateLimitPolicy>;
}

/**
 * Accounts: sign-up, sign-in, sessions and passwords, the admins listed in ADMIN_EMAILS, and the
 * rate limits the public forms share.
 */
export async function composeAccounts(o: AccountsOptions) {
  const { settings, logger, now } = o;
  const limits: RateLimitPolicy = { ...DEFAULT_RATE_LIMITS, ...o.rateLimits };
  const limiter = new RateLimiter(o.operational, now);
  const handlers = accountHandlers(o.store, o.snapshots);
  const sessions = new Sessions(o.operational, now);
  const digestKey = await emailDigestKey(settings, o.operational, now());
  await rekeyLegacyClaims({
    store: o.store,
    emailClaims: handlers.emailClaims,
    digestOfHash: keyedDigestOfHash(digestKey),
    operational: o.operational,
    eventsInDatabase: settings.eventStoreUrl === undefined,
    now,
    logger,
  });
  const deps: AccountsDeps = {
    ...handlers,
    credits: creditsHandler(o.store, o.snapshots),
    hasher: createPasswordHasher(o.passwordHashing),
    sessions,
    gate: new AccountGate(handlers.accounts, sessions),
    addressDigest: addressDigester(digestKey),
    now,
    newId: () => randomUUID(),
    adminEmails: settings.adminEmails,
    partnerPrograms: settings.partnerPrograms,
  };
  const admins = await grantListedAdmins(deps, settings.adminEmails);
  if (admins > 0) logger.info(`Granted admin to ${admins} account(s) listed in ADMIN_EMAILS`);
  const shared = {
    ...deps,
    limiter,
    limits,
    logger,
    operational: o.operational,
    mailer: o.mailer,
    publicUrl: settings.publicUrl,
  };
  const modules: HttpModule[] = [accountsModule(shared), passwordsModule(shared)];
  return { deps, modules, limiter, limits };
}
