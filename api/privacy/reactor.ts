import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { RecordedEvent } from '../../domain/eventstore/types';
import type { ContactPrivacyDeletedData } from '../../domain/privacy/events';
import type { OperationalDb } from '../db/operational';
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
    const kept = sql.join(KEPT.map((key) => sql`${key}::text, metadata -> ${key}`));
    const result = await sql`
      UPDATE request_logs
         SET message = 'Lookup ' || coalesce(metadata ->> 'step', 'line') || ': details removed (the contact was deleted for privacy)',
             metadata = jsonb_strip_nulls(jsonb_build_object(${kept})) || '{"privacyDeleted": true}'::jsonb
       WHERE metadata ->> 'portalId' = ${d.portalId}
         AND metadata ->> 'objectId' = ${d.objectId}
         AND coalesce(metadata ->> 'objectType', ${d.objectType}) = ${d.objectType}
         AND NOT metadata ? 'privacyDeleted'`.execute(deps.operational);
    deps.logger.info('Contact deleted for privacy: its ZIP and filled values were removed', {
      portalId: d.portalId,
      linesCleaned: Number(result.numAffectedRows ?? 0),
    });
  };
  return { name: 'privacy-deletions', handlers: { ContactPrivacyDeleted: forget } };
}
