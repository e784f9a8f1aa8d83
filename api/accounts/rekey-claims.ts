import { sql } from 'kysely';
import { emailStream, legacyClaim, LEGACY_EMAIL_STREAM } from '../../domain/accounts/email-claim';
import { START, type EventStore } from '../../domain/eventstore/types';
import type { OperationalDb } from '../db/operational';
import type { Logger } from '../logging/logger';
import type { EmailClaimHandler } from './services';

/** Recorded in app_secrets once every legacy claim has moved, so later starts skip the scan. */
const REKEYED = 'email_claims_rekeyed';

export interface RekeyDeps {
  store: EventStore;
  emailClaims: EmailClaimHandler;
  /** The keyed digest of an address from its SHA-256 (keyedDigestOfHash). */
  digestOfHash: (sha256Hex: string) => string;
  operational: OperationalDb;
  /** The events live in this database (not KurrentDB): a legacy stream can be deleted after its move. */
  eventsInDatabase: boolean;
  now: () => Date;
  logger: Logger;
}

/**
 * Moves each e-mail claim from its legacy stream, named by the address's bare SHA-256 (anyone
 * holding an address could confirm it had an account by hashing it), to the stream named by its
 * keyed digest, with a migration event that carries the holder and whether the address had its
 * sign-up bonus. In the database's event tables the legacy stream is then deleted, so the bare
 * hash is nowhere; KurrentDB cannot delete a stream's name, which is logged. Runs once, at start,
 * before any registration; a start that stops half-way moves the rest next time (each move is
 * idempotent by its command id).
 */
export async function rekeyLegacyClaims(deps: RekeyDeps): Promise<number> {
  const done = await deps.operational
    .selectFrom('app_secrets')
    .select('name')
    .where('name', '=', REKEYED)
    .executeTakeFirst();
  if (done) return 0;
  await deps.store.awaitVisible();
  const legacy = new Set<string>();
  for (let after = START; ;) {
    const { events, next } = await deps.store.readAll({ after, limit: 1000 });
    if (events.length === 0) break;
    for (const e of events) {
      const hash = LEGACY_EMAIL_STREAM.exec(e.streamName)?.[1];
      if (hash) legacy.add(hash);
    }
    after = next;
  }
  for (const hash of legacy) {
    const from = `email-${hash}`;
    const { state } = await deps.emailClaims.load(from);
    const digest = deps.digestOfHash(hash);
    await deps.emailClaims.handle(
      emailStream(digest),
      { type: 'AdoptLegacyClaim', legacy: legacyClaim(state), at: deps.now().toISOString() },
      { commandId: `rekey-claim:${digest}` },
    );
    if (deps.eventsInDatabase)
      await deps.operational.transaction().execute(async (trx) => {
        await sql`DELETE FROM es_events WHERE stream_id = ${from}`.execute(trx);
        await sql`DELETE FROM es_streams WHERE stream_id = ${from}`.execute(trx);
      });
  }
  if (legacy.size > 0)
    deps.logger[deps.eventsInDatabase ? 'info' : 'warn'](
      deps.eventsInDatabase
        ? `Moved ${legacy.size} e-mail claim(s) to streams named by a keyed digest`
        : `Moved ${legacy.size} e-mail claim(s) to streams named by a keyed digest; KurrentDB keeps the old streams (named email-<SHA-256 of the address>): delete them to drop the bare hashes`,
    );
  await deps.operational
    .insertInto('app_secrets')
    .values({ name: REKEYED, value: 'true', created_at: deps.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return legacy.size;
}
