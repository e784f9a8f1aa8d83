import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../domain/eventstore/types';
import type { ProjectionLock } from '../../projections/runner';
import type { ReadModelDb } from '../../projections/schema';
import { createPasswordHasher, type ScryptParams } from '../auth/passwords';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimitPolicy } from '../auth/rate-limit';
import { Sessions, type Clock } from '../auth/sessions';
import type { OperationalDb } from '../db/operational';
import { Reactor } from '../eventsourcing/reactor';
import type { HttpModule } from '../http/app';
import type { Logger } from '../logging/logger';
import { DEV_MAIL_PATH, devMailModule } from '../mail/dev-page';
import { MailDispatcher } from '../mail/dispatcher';
import { outboxMailer } from '../mail/mailer';
import { creditNotices } from '../credits/notices';
import type { Settings } from '../settings';
import { captchaOff, recaptcha } from '../support/captcha';
import { supportModule } from '../support/routes';
import { grantListedAdmins } from './admin';
import { creditAccountModule } from '../credits/routes';
import { passwordsModule } from './password-routes';
import { accountsModule } from './routes';
import { accountHandlers, type AccountsDeps } from './services';

export interface AccountsOptions {
  settings: Settings;
  logger: Logger;
  store: EventStore;
  readModels: ReadModelDb;
  operational: OperationalDb;
  locks: ProjectionLock;
  now?: Clock;
  passwordHashing?: ScryptParams;
  rateLimits?: Partial<RateLimitPolicy>;
}

/**
 * Everything issue 3 adds to the service: account services, the HTTP modules for accounts,
 * passwords, credits settings and support, the mail outbox and its dispatcher (or the
 * development mailbox), and the credit-notice reactor.
 */
export async function composeAccounts(o: AccountsOptions) {
  const now = o.now ?? (() => new Date());
  const { settings, logger } = o;
  const dispatcher = settings.smtpUrl
    ? new MailDispatcher({
        db: o.operational,
        smtpUrl: settings.smtpUrl,
        from: settings.mailFrom,
        logger,
        tryLock: (n) => o.locks.tryLock(n),
      })
    : undefined;
  const mailer = outboxMailer(o.operational, now, () => dispatcher?.wake());
  const limits: RateLimitPolicy = { ...DEFAULT_RATE_LIMITS, ...o.rateLimits };
  const limiter = new RateLimiter(o.operational, now);
  const deps: AccountsDeps = {
    ...accountHandlers(o.store),
    hasher: createPasswordHasher(o.passwordHashing),
    sessions: new Sessions(o.operational, now),
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
    mailer,
    publicUrl: settings.publicUrl,
  };
  const captcha = settings.recaptchaSecret
    ? recaptcha(settings.recaptchaSecret, settings.recaptchaVerifyUrl)
    : captchaOff;
  if (!dispatcher)
    logger.warn(
      `No SMTP_URL: e-mail is kept in the database and shown at ${settings.publicUrl}${DEV_MAIL_PATH}`,
    );
  if (!captcha.enabled) logger.warn('No RECAPTCHA_SECRET: the support form has no captcha');
  const modules: HttpModule[] = [
    accountsModule(shared),
    passwordsModule(shared),
    creditAccountModule({ ...deps, readModels: o.readModels, operational: o.operational }),
    supportModule({ mailer, captcha, supportEmail: settings.supportEmail, limiter, limits }),
    ...(dispatcher ? [] : [devMailModule(o.operational)]),
  ];
  const notices = new Reactor({
    store: o.store,
    readModels: o.readModels,
    locks: o.locks,
    logger,
    reaction: creditNotices({
      accounts: deps.accounts,
      credits: deps.credits,
      operational: o.operational,
      now,
      publicUrl: settings.publicUrl,
      queued: () => dispatcher?.wake(),
    }),
  });
  return {
    deps,
    modules,
    mailer,
    notices,
    standIns: { mail: !dispatcher, captcha: !captcha.enabled },
    devMailUrl: dispatcher ? null : `${settings.publicUrl}${DEV_MAIL_PATH}`,
    start() {
      notices.start();
      dispatcher?.start();
    },
    async stop() {
      await notices.stop();
      await dispatcher?.stop();
    },
  };
}
