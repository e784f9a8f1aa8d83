import { sql } from 'kysely';
import { userIdOfCreditsStream } from '../credits/projection';
import { ERASED_ZIP } from '../../domain/lookups/personal-data';
import { erasing } from '../erasure';
import { insertRows } from '../json-rows';
import type { RecordRef } from '../../domain/privacy/events';
import { type ReadModelTransaction, type Recorded } from '../projection';

const HANDLED = [
  'LookupRequested',
  'LookupIgnored',
  'LookupSucceeded',
  'LookupFailed',
  'LookupProcessorStarted',
] as const;
type Handled = Recorded<(typeof HANDLED)[number]>;

interface Finished {
  lookupId: string;
  status: 'succeeded' | 'failed' | 'ignored';
  reason: string | null;
  userId: string | null;
  at: string;
}

function finishedBy(event: Handled): Finished | undefined {
  switch (event.type) {
    case 'LookupIgnored': {
      const d = event.data;
      return { lookupId: d.lookupId, status: 'ignored', reason: d.reason, userId: null, at: d.at };
    }
    case 'LookupSucceeded':
    case 'LookupFailed': {
      const d = event.data;
      return {
        lookupId: d.lookupId,
        status: event.type === 'LookupSucceeded' ? 'succeeded' : 'failed',
        reason: event.type === 'LookupFailed' ? event.data.reason : null,
        userId: userIdOfCreditsStream(event.streamName) ?? null,
        at: d.at,
      };
    }
    default:
      return undefined;
  }
}

const requestRow = (event: Recorded<'LookupRequested'>) => {
  const d = event.data;
  return {
    lookup_id: d.lookupId,
    portal_id: d.portalId,
    object_type: d.objectType,
    object_id: d.objectId,
    property_name: d.propertyName,
    zip: d.zip,
    event_id: d.eventId,
    occurred_at: d.occurredAt,
    requested_at: d.requestedAt,
    request_id: typeof event.metadata.requestId === 'string' ? event.metadata.requestId : null,
    status: 'pending' as const,
    reason: null,
    user_id: null,
    finished_at: null,
  };
};

async function recordMarker(trx: ReadModelTransaction, event: Recorded<'LookupProcessorStarted'>) {
  const { marker } = event.data;
  await trx
    .insertInto('lookup_processor_marks')
    .values({ id: event.streamName, marker })
    .onConflict((oc) => oc.column('id').doUpdateSet({ marker }))
    .execute();
}

/** A batch in a few statements: the new requests in one insert, the outcomes in one update. */
async function applyBatch(trx: ReadModelTransaction, events: readonly Handled[]) {
  const requests = events.flatMap((e) => (e.type === 'LookupRequested' ? [requestRow(e)] : []));
  if (requests.length > 0)
    await insertRows(trx, 'lookup_requests', requests)
      .onConflict((oc) => oc.column('lookup_id').doNothing())
      .execute();
  const finished = new Map<string, Finished>();
  for (const event of events) {
    const f = finishedBy(event);
    if (f) finished.set(f.lookupId, f);
  }
  // VALUES, not one JSON parameter: the planner counts a VALUES list's rows and finds each by its
  // key, where it takes a JSON set for a hundred rows and reads the whole table instead.
  const rows = [...finished.values()];
  for (let i = 0; i < rows.length; i += 1000) {
    const values = sql.join(
      rows
        .slice(i, i + 1000)
        .map(
          (f) =>
            sql`(${f.lookupId}, ${f.status}, ${f.reason}::text, ${f.userId}::text, ${f.at}::timestamptz)`,
        ),
    );
    await sql`
      UPDATE lookup_requests AS r
         SET status = v.status, reason = v.reason, user_id = v.user_id, finished_at = v.finished_at
        FROM (VALUES ${values}) AS v(lookup_id, status, reason, user_id, finished_at)
       WHERE r.lookup_id = v.lookup_id`.execute(trx);
  }
  for (const event of events) if (event.type === 'LookupProcessorStarted') await recordMarker(trx, event);
}

/**
 * A contact deleted for privacy: its requests keep their ids, times and outcomes but not the ZIP;
 * one still waiting leaves the queue (nothing is left to look up, and nothing is charged).
 */
async function forgetRecord(trx: ReadModelTransaction, d: RecordRef) {
  await sql`
    UPDATE lookup_requests
       SET zip = ${ERASED_ZIP},
           reason = CASE WHEN status = 'pending' THEN 'privacy_deleted' ELSE reason END,
           status = CASE WHEN status = 'pending' THEN 'ignored' ELSE status END
     WHERE portal_id = ${d.portalId} AND object_type = ${d.objectType} AND object_id = ${d.objectId}`.execute(
    trx,
  );
}

/**
 * Every lookup request and its outcome. The pending rows are the lookup processor's queue:
 * a request enters with its webhook and leaves with its success, failure or dismissal.
 */
export const lookupRequestsProjection = erasing({
  name: 'lookup_requests',
  tables: ['lookup_requests', 'lookup_processor_marks'],
  eventTypes: HANDLED,
  applyBatch,
  // A request's ZIP is under its portal's key, deleted with the account that held the portal.
  async erase(trx, { data }) {
    if (data.portalIds.length === 0) return;
    await trx
      .updateTable('lookup_requests')
      .set({ zip: ERASED_ZIP })
      .where('portal_id', 'in', data.portalIds)
      .execute();
  },
  forgetRecord,
});
