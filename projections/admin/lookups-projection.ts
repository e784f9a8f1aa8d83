import { sql } from 'kysely';
import type { CreditsEvent } from '../../domain/credits/events';
import type { RecordedEvent } from '../../domain/eventstore/types';
import { userIdOfCreditsStream } from '../credits/projection';
import type { Projection, ReadModelTransaction } from '../projection';

type Data<T extends CreditsEvent['type']> = Extract<CreditsEvent, { type: T }>['data'];

const dayOf = (iso: string) => iso.slice(0, 10);
const hourOf = (iso: string) => new Date(iso).getUTCHours();
const requestIdOf = (event: RecordedEvent) =>
  typeof event.metadata.requestId === 'string' ? event.metadata.requestId : null;

async function charged(trx: ReadModelTransaction, event: RecordedEvent) {
  const userId = userIdOfCreditsStream(event.streamName);
  if (!userId) return;
  const d = event.data as Data<'LookupCharged'>;
  await trx
    .insertInto('admin_lookups')
    .values({
      lookup_id: d.lookupId,
      user_id: userId,
      portal_id: d.portalId,
      object_type: d.objectType,
      zip: d.zip,
      outcome: 'pending',
      reason: null,
      credits_before: d.balanceAfter + 1,
      credits_after: d.balanceAfter,
      requested_at: d.requestedAt,
      at: d.at,
      duration_ms: null,
      request_id: requestIdOf(event),
    })
    .onConflict((oc) => oc.column('lookup_id').doNothing())
    .execute();
}

/**
 * Records a finished lookup in the summaries and bumps every counter the dashboard reads, in one
 * statement: each counter is fed from the summary row the statement wrote, so a lookup whose
 * outcome is already recorded (a replayed event) counts nowhere.
 */
async function finished(trx: ReadModelTransaction, event: RecordedEvent, success: boolean) {
  const userId = userIdOfCreditsStream(event.streamName);
  if (!userId) return;
  const d = event.data as Data<'LookupSucceeded'> | Data<'LookupFailed'>;
  const reason = 'reason' in d ? d.reason : null;
  const duration = Math.max(0, new Date(d.at).getTime() - new Date(d.requestedAt).getTime());
  const s = success ? 1 : 0;
  const f = success ? 0 : 1;
  const day = dayOf(d.at);
  await sql`
    WITH l AS (
      INSERT INTO admin_lookups (lookup_id, user_id, portal_id, object_type, zip, outcome, reason,
        credits_before, credits_after, requested_at, at, duration_ms, request_id)
      VALUES (${d.lookupId}, ${userId}, ${d.portalId}, ${d.objectType}, ${d.zip},
        ${success ? 'success' : 'failed'}, ${reason}, ${d.balanceAfter}, ${d.balanceAfter},
        ${d.requestedAt}::timestamptz, ${d.at}::timestamptz, ${duration}, ${requestIdOf(event)})
      ON CONFLICT (lookup_id) DO UPDATE SET outcome = excluded.outcome, reason = excluded.reason,
        credits_after = excluded.credits_after, at = excluded.at, duration_ms = excluded.duration_ms
      WHERE admin_lookups.outcome = 'pending'
      RETURNING 1
    ), u AS (
      INSERT INTO admin_user_lookups (user_id, successful, failed, last_lookup_at)
      SELECT ${userId}, ${s}, ${f}, ${d.at}::timestamptz FROM l
      ON CONFLICT (user_id) DO UPDATE SET successful = admin_user_lookups.successful + ${s},
        failed = admin_user_lookups.failed + ${f},
        last_lookup_at = greatest(admin_user_lookups.last_lookup_at, excluded.last_lookup_at)
    ), ud AS (
      INSERT INTO admin_user_days (user_id, day, successful, failed) SELECT ${userId}, ${day}, ${s}, ${f} FROM l
      ON CONFLICT (user_id, day) DO UPDATE SET successful = admin_user_days.successful + ${s},
        failed = admin_user_days.failed + ${f}
    ), dh AS (
      INSERT INTO admin_day_hours (day, hour, successful, failed) SELECT ${day}, ${hourOf(d.at)}, ${s}, ${f} FROM l
      ON CONFLICT (day, hour) DO UPDATE SET successful = admin_day_hours.successful + ${s},
        failed = admin_day_hours.failed + ${f}
    ), pl AS (
      INSERT INTO admin_portal_lookups (portal_id, total, successful, last_activity)
      SELECT ${d.portalId}, 1, ${s}, ${d.at}::timestamptz FROM l
      ON CONFLICT (portal_id) DO UPDATE SET total = admin_portal_lookups.total + 1,
        successful = admin_portal_lookups.successful + ${s},
        last_activity = greatest(admin_portal_lookups.last_activity, excluded.last_activity)
    ), pu AS (
      INSERT INTO admin_portal_users (portal_id, user_id) SELECT ${d.portalId}, ${userId} FROM l
      ON CONFLICT (portal_id, user_id) DO NOTHING
    ), fd AS (
      INSERT INTO admin_failure_days (reason, day, failures) SELECT ${reason}, ${day}, 1 FROM l
      WHERE ${reason}::text IS NOT NULL
      ON CONFLICT (reason, day) DO UPDATE SET failures = admin_failure_days.failures + 1
    ), fu AS (
      INSERT INTO admin_failure_users (reason, user_id, failures) SELECT ${reason}, ${userId}, 1 FROM l
      WHERE ${reason}::text IS NOT NULL
      ON CONFLICT (reason, user_id) DO UPDATE SET failures = admin_failure_users.failures + 1
    )
    SELECT 1`.execute(trx);
}

/**
 * The admin's lookup views: one summary row per lookup, and per user, day, hour, portal and
 * failure reason the counters the dashboard reads, so no call scans every lookup.
 */
export const adminLookupsProjection: Projection = {
  name: 'admin_lookups',
  tables: [
    'admin_lookups',
    'admin_user_lookups',
    'admin_user_days',
    'admin_day_hours',
    'admin_failure_days',
    'admin_failure_users',
    'admin_portal_lookups',
    'admin_portal_users',
  ],
  handlers: {
    LookupCharged: charged,
    LookupSucceeded: (trx, event) => finished(trx, event, true),
    LookupFailed: (trx, event) => finished(trx, event, false),
  },
};
