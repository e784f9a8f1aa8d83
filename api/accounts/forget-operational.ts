import { sql } from 'kysely';
import type { OperationalDb } from '../db/operational';

/** What names a deleted account outside the log, to find its rows by. */
export interface Forgotten {
  userId: string;
  /** The normalised address, read before the key that protected it was deleted. */
  email: string;
  /** The portals it held: the lookup lines about them name their records' ZIPs. */
  portalIds: readonly string[];
  /** Streams whose snapshots may hold the account's state (its address and password hash). */
  streams: readonly string[];
}

/** `%` and `_` are wildcards in LIKE: an address holds `_` often enough to match others' lines. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Deletes the operational rows that name a deleted account: every session (signed out
 * everywhere), reset and unsubscribe tokens, mail to or about the address, its request log lines
 * (IP addresses and user agents with them) and the snapshots of its streams. One transaction: a
 * failure leaves the rows for the retry to find. The stats tables keep their counts and user
 * ids, which name no one once the account is gone.
 */
export async function forgetOperationalRows(db: OperationalDb, who: Forgotten): Promise<void> {
  const mentions = likePattern(who.email);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').where('user_id', '=', who.userId).execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', who.userId).execute();
    await trx.deleteFrom('unsubscribe_tokens').where('user_id', '=', who.userId).execute();
    await trx
      .deleteFrom('mail_outbox')
      .where((eb) =>
        eb.or([
          eb('to_address', '=', who.email),
          eb('reply_to', '=', who.email),
          eb(sql`lower(body)`, 'like', mentions),
          eb(sql`lower(subject)`, 'like', mentions),
        ]),
      )
      .execute();
    // A failed sign-in logs the address it tried, and a webhook the ZIP it received, before
    // anyone knows whose they are: those lines go too.
    await trx
      .deleteFrom('request_logs')
      .where((eb) =>
        eb.or([
          eb('user_id', '=', who.userId),
          eb('user_email', '=', who.email),
          eb(sql`lower(metadata::text)`, 'like', mentions),
          eb(sql`lower(message)`, 'like', mentions),
          ...(who.portalIds.length > 0 ? [eb(sql`metadata->>'portalId'`, 'in', [...who.portalIds])] : []),
        ]),
      )
      .execute();
    await trx.deleteFrom('request_log_requests').where('user_id', '=', who.userId).execute();
    await sql`DELETE FROM stream_snapshots WHERE stream_id IN (${sql.join(who.streams)})`.execute(trx);
  });
}
