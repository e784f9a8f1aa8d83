import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { RecordedEvent } from '../../domain/eventstore/types';
import type { ContactPrivacyDeletedData } from '../../domain/privacy/events';
import type { OperationalDb, OperationalTables } from '../db/operational';
import type { Reaction } from '../eventsourcing/reactor';
import type { Logger } from '../logging/logger';

/**
 * Log lines are written in batches a quarter of a second apart, in whichever process logged them:
 * waiting this long after a deletion lets lines about the contact still queued anywhere reach
 * the table before it is cleaned.
 */
export const STRAGGLER_LINES_MS = 2_000;

/** What a cleaned line keeps: the lookup's step, ids, outcome and credits, nothing from the record. */
const KEPT = [
  'step',
  'lookupId',
  'portalId',
  'objectType',
  'objectId',
  'source',
  'outcome',
  'reason',
  'refunded',
  'userCreditsBefore',
  'userCreditsAfter',
] as const;

/** Reduces the lines `where` selects to what a cleaned line keeps; answers how many changed. */
async function forgetLines(
  db: OperationalDb | Transaction<OperationalTables>,
  where: RawBuilder<unknown>,
): Promise<number> {
  const kept = sql.join(KEPT.map((key) => sql`${key}::text, metadata -> ${key}`));
  const result = await sql`
    UPDATE request_logs
       SET message = 'Lookup ' || coalesce(metadata ->> 'step', 'line') || ': details removed (the contact was deleted for privacy)',
           metadata = jsonb_strip_nulls(jsonb_build_object(${kept})) || '{"privacyDeleted": true}'::jsonb
     WHERE ${where} AND NOT metadata ? 'privacyDeleted'`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Forgets, as they are written, the lines about a contact already deleted for privacy (the
 * privacy_deletions read model): a lookup under way when the contact was deleted, or a ZIP change
 * reported after, logs its ZIP after the reactor cleaned the table. Runs in the writer's batch.
 */
export async function forgetLinesOfDeletedContacts(
  trx: Transaction<OperationalTables>,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await forgetLines(
    trx,
    sql`id = ANY(${ids}::bigint[])
        AND EXISTS (SELECT 1 FROM privacy_deletions AS p
                     WHERE p.portal_id = metadata ->> 'portalId'
                       AND p.object_id = metadata ->> 'objectId'
                       AND p.object_type = coalesce(metadata ->> 'objectType', p.object_type))`,
  );
}

export interface PrivacyReactionDeps {
  operational: OperationalDb;
  now: () => Date;
  logger: Logger;
  /** Writes this process's queued log lines now. */
  flushLogs: () => Promise<void>;
}

/**
 * Forgets a contact deleted for privacy in the request logs: every line about the record (the
 * lookup journal's lines carry portalId and objectId) loses its ZIP, the values filled and any
 * detail quoting them; the line stays with its step, ids, outcome and credits, so the request's
 * story still adds up. Safe to repeat. The read models forget the contact in their projections.
 */
export function privacyDeletions(deps: PrivacyReactionDeps): Reaction {
  const forget = async (event: RecordedEvent) => {
    const d = event.data as ContactPrivacyDeletedData;
    const wait = Date.parse(d.at) + STRAGGLER_LINES_MS - deps.now().getTime();
    if (wait > 0) await sleep(Math.min(wait, STRAGGLER_LINES_MS));
    await deps.flushLogs();
    const linesCleaned = await forgetLines(
      deps.operational,
      sql`metadata ->> 'portalId' = ${d.portalId}
          AND metadata ->> 'objectId' = ${d.objectId}
          AND coalesce(metadata ->> 'objectType', ${d.objectType}) = ${d.objectType}`,
    );
    deps.logger.info('Contact deleted for privacy: its ZIP and filled values were removed', {
      portalId: d.portalId,
      linesCleaned,
    });
  };
  return { name: 'privacy-deletions', handlers: { ContactPrivacyDeleted: forget } };
}
