import type { Locks } from '../../projections/worker';
import type { AccountGate } from '../auth/gate';
import { requireUser, type AuthDeps } from '../auth/middleware';
import type { Clock } from '../auth/sessions';
import type { OperationalDb } from '../db/operational';
import type { HttpModule } from '../http/app';
import type { Logger } from '../logging/logger';
import { SignedUserPass, storedSecret } from '../portals/secrets';
import type { Settings } from '../settings';
import { DEV_MAIL_PATH, devMailModule, type MailboxReader } from './dev-page';
import { MailDispatcher } from './dispatcher';
import { outboxMailer } from './mailer';

/**
 * The mail outbox and, with SMTP_URL, its dispatcher; without it the mail stays in the database
 * and the development mailbox page shows it.
 */
export function composeMail(o: {
  settings: Settings;
  logger: Logger;
  operational: OperationalDb;
  locks: Locks;
  now: Clock;
}) {
  const { settings, logger } = o;
  const dispatcher = settings.smtpUrl
    ? new MailDispatcher({
        db: o.operational,
        smtpUrl: settings.smtpUrl,
        from: settings.mailFrom,
        logger,
        locks: o.locks,
      })
    : undefined;
  const wake = () => dispatcher?.wake();
  if (!dispatcher)
    logger.warn(
      `No SMTP_URL: e-mail is kept in the database and shown at ${settings.publicUrl}${DEV_MAIL_PATH}`,
    );
  return {
    mailer: outboxMailer(o.operational, o.now, wake),
    /** Tells the dispatcher that mail was queued outside the mailer. */
    queued: wake,
    /** The development mailbox without SMTP; on a public demo, `reader` shows each reader only their mail. */
    modules: (reader?: MailboxReader): HttpModule[] =>
      dispatcher ? [] : [devMailModule(o.operational, settings.publicDemo ? reader : undefined)],
    standIn: !dispatcher,
    devMailUrl: dispatcher ? null : `${settings.publicUrl}${DEV_MAIL_PATH}`,
    start() {
      dispatcher?.start();
    },
    async stop() {
      await dispatcher?.stop();
    },
  };
}

/** On a public demo without SMTP, who reads the development mailbox: known by a pass bound to their session. */
export async function mailboxReaderOf(
  settings: Settings,
  mailStandIn: boolean,
  o: { operational: OperationalDb; gate: AccountGate; auth: AuthDeps; now: Clock },
): Promise<MailboxReader | undefined> {
  if (!settings.publicDemo || !mailStandIn) return undefined;
  const key = (await storedSecret(o.operational, 'dev_mail_pass_key', o.now())).value;
  return {
    pass: new SignedUserPass(key, 8 * 3600_000, 'dev-mail-pass'),
    gate: o.gate,
    requireUser: requireUser(o.auth),
    now: o.now,
    secureCookie: settings.publicUrl.startsWith('https:'),
  };
}
