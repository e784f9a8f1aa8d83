import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { OperationalTables } from '../db/operational';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; links are written out in full. */
  body: string;
  replyTo?: string;
}

/**
 * Every e-mail goes through the outbox table: the row is written with the change that caused
 * it, and the dispatcher sends it (with SMTP) or it stays for the development mail page.
 * An `id` derived from the cause makes a repeated enqueue a no-op.
 */
export async function enqueueMail(
  db: Kysely<OperationalTables>,
  message: MailMessage,
  at: Date,
  id: string = randomUUID(),
): Promise<boolean> {
  const result = await db
    .insertInto('mail_outbox')
    .values({
      id,
      to_address: message.to,
      reply_to: message.replyTo ?? null,
      // A line break in a subject would start a new header.
      subject: message.subject.replace(/[\r\n]+/g, ' ').slice(0, 300),
      body: message.body,
      created_at: at,
      next_attempt_at: at,
      last_error: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export interface StoredMail {
  id: string;
  to: string;
  replyTo: string | null;
  subject: string;
  body: string;
  createdAt: string;
  sentAt: string | null;
}

/** The newest mail, or only the mail to `to` when given. */
export async function newestMail(
  db: Kysely<OperationalTables>,
  limit: number,
  to?: string,
): Promise<StoredMail[]> {
  let query = db.selectFrom('mail_outbox').selectAll();
  if (to !== undefined) query = query.where('to_address', '=', to);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    replyTo: r.reply_to,
    subject: r.subject,
    body: r.body,
    createdAt: new Date(r.created_at).toISOString(),
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
  }));
}
