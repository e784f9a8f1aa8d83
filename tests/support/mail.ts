import { newestMail, type StoredMail } from '../../api/mail/outbox';
import { operationalDb } from '../../api/db/operational';
import type { RunningApp } from './app';

/** Mail queued for an address, newest first. */
export async function mailTo(app: RunningApp, address: string): Promise<StoredMail[]> {
  const all = await newestMail(operationalDb(app.test.database), 1000);
  return all.filter((m) => m.to === address);
}

/** Waits until `count` mails for the address are in the outbox. */
export async function waitForMail(
  app: RunningApp,
  address: string,
  count = 1,
  timeoutMs = 10_000,
): Promise<StoredMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailTo(app, address);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline)
      throw new Error(`Expected ${count} mail(s) to ${address}, found ${mails.length}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The reset token from the newest reset e-mail to an address. */
export async function resetTokenFor(
  app: RunningApp,
  address: string,
  count = 1,
): Promise<{ link: string; token: string }> {
  const [mail] = await waitForMail(app, address, count);
  const link = /(\S+\/reset-password\/(\S+))/.exec(mail!.body);
  if (!link) throw new Error('No reset link in the e-mail');
  return { link: link[1]!, token: link[2]! };
}
