import nodemailer, { type Transporter } from 'nodemailer';
import type { OperationalDb } from '../db/operational';
import type { Logger } from '../logging/logger';

export interface DispatcherOptions {
  db: OperationalDb;
  smtpUrl: string;
  from: string;
  logger: Logger;
  /** Only one process sends, so no message goes out twice. */
  tryLock(name: string): Promise<(() => Promise<void>) | undefined>;
  pollMs?: number;
}

const MAX_ATTEMPTS = 8;
const BATCH = 20;

/** Sends what the outbox holds through SMTP, retrying failures with a growing delay. */
export class MailDispatcher {
  private readonly transport: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private release: (() => Promise<void>) | undefined;

  constructor(private readonly options: DispatcherOptions) {
    this.transport = nodemailer.createTransport(options.smtpUrl);
  }

  start(): void {
    this.schedule(0);
  }

  /** Looks at the outbox now rather than at the next poll (after a new message was queued). */
  wake(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.release?.();
    this.transport.close();
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
        if (!this.stopped) this.schedule(this.options.pollMs ?? 2_000);
      });
    }, ms);
  }

  private async tick(): Promise<void> {
    try {
      this.release ??= await this.options.tryLock('mail-dispatcher');
      if (!this.release) return;
      const due = await this.options.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('sent_at', 'is', null)
        .where('attempts', '<', MAX_ATTEMPTS)
        .where('next_attempt_at', '<=', new Date())
        .orderBy('created_at')
        .limit(BATCH)
        .execute();
      for (const mail of due) {
        if (this.stopped) return;
        await this.send(mail);
      }
    } catch (error) {
      this.options.logger.warn('Mail dispatcher failed; retrying', { error: String(error) });
    }
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
