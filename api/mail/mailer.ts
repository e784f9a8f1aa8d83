import type { OperationalDb } from '../db/operational';
import { enqueueMail, type MailMessage } from './outbox';

export interface Mailer {
  /** Queues one e-mail; the same `id` twice queues it once. Returns false when it was already queued. */
  send(message: MailMessage, id?: string): Promise<boolean>;
}

/** Queues mail in the outbox and tells the dispatcher (when there is one) to look now. */
export function outboxMailer(
  db: OperationalDb,
  now: () => Date,
  queued: () => void = () => undefined,
): Mailer {
  return {
    async send(message, id) {
      const inserted = await enqueueMail(db, message, now(), id);
      if (inserted) queued();
      return inserted;
    },
  };
}
