import nodemailer, { type Transporter } from 'nodemailer';
import { SingletonWorker, type Locks } from '../../projections/worker';
import type { OperationalDb } from '../db/operational';
import type { Logger } from '../logging/logger';

export interface DispatcherOptions {
  db: OperationalDb;
  smtpUrl: string;
  from: string;
  logger: Logger;
  /** Only one process sends, so no message goes out twice. */
  locks: Locks;
  pollMs?: number;
}

const MAX_ATTEMPTS = 8;
const BATCH = 20;

/** Sends what the outbox holds through SMTP, retrying failures with a growing delay. */
export class MailDispatcher {
  private readonly transport: Transporter;
  private readonly worker: SingletonWorker;

  constructor(private readonly options: DispatcherOptions) {
    this.transport = nodemailer.createTransport(options.smtpUrl);
    this.worker = new SingletonWorker({
      lock: 'mail-dispatcher',
      locks: options.locks,
      label: 'Mail dispatcher',
      log: (level, message, fields) => options.logger[level](message, fields),
      step: async (signal) => {
        for (const mail of await this.due().limit(BATCH).execute()) {
          if (signal.aborted) break;
          await this.send(mail);
        }
        return options.pollMs ?? 2_000;
      },
      pending: async () => (await this.due().limit(1).execute()).length > 0,
    });
  }

  start(): void {
    this.worker.start();
  }

  /** Looks at the outbox now rather than at the next poll (after a new message was queued). */
  wake(): void {
    this.worker.wake();
  }

  /** Resolves once nothing in the outbox is due (for tests). */
  settled(timeoutMs?: number): Promise<void> {
    return this.worker.settled(timeoutMs);
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    this.transport.close();
  }

  private due() {
    return this.options.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('attempts', '<', MAX_ATTEMPTS)
      .where('next_attempt_at', '<=', new Date())
      .orderBy('created_at');
  }

  private async send(mail: {
    id: string;
    to_address: string;
    reply_to: string | null;
    subject: string;
    body: string;
    attempts: number;
  }) {
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: mail.to_address,
        replyTo: mail.reply_to ?? undefined,
        subject: mail.subject,
        text: mail.body,
        headers: { 'X-Outbox-Id': mail.id },
      });
      await this.options.db
        .updateTable('mail_outbox')
        .set({ sent_at: new Date(), attempts: mail.attempts + 1 })
        .where('id', '=', mail.id)
        .execute();
    } catch (error) {
      const attempts = mail.attempts + 1;
      this.options.logger.warn('Could not send an e-mail', {
        mailId: mail.id,
        attempts,
        error: String(error),
      });
      await this.options.db
        .updateTable('mail_outbox')
        .set({
          attempts,
          last_error: String(error).slice(0, 500),
          next_attempt_at: new Date(Date.now() + Math.min(3_600_000, 5_000 * 2 ** attempts)),
        })
        .where('id', '=', mail.id)
        .execute();
    }
  }
}
