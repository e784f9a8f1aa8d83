import { sql, type Selectable } from 'kysely';
import type { LookupRequest } from '../../domain/lookups/events';
import type { CrmObjectTypeName } from '../../domain/lookups/webhook-event';
import type { ReadModelDb } from '../schema';
import type { LookupRequestsTable } from './tables';

/** A recorded request as the lookup worker takes it up: the event's data, in arrival order. */
export interface PendingLookup extends LookupRequest {
  seq: bigint;
  requestId: string | undefined;
}

/** A pending row as the query answers it, with the queue's table beside it (seq null: none pending). */
type PendingRow = { queue_table: string; seq: string | null } & Omit<
  Selectable<LookupRequestsTable>,
  'seq' | 'status' | 'reason' | 'user_id' | 'finished_at'
>;

/**
 * Requests still waiting for an outcome, in the order they arrived, after `afterSeq`, and which
 * table holds the queue now: one query, since the lookup processor asks both at every step. A
 * replay switches in a rebuilt table whose rows are numbered afresh, and without the gaps
 * rolled-back batches left, so numbers taken from the old one mean nothing in it.
 */
export async function pendingLookups(
  db: ReadModelDb,
  afterSeq: bigint,
  limit: number,
): Promise<{ queueTable: string; pending: PendingLookup[] }> {
  const { rows } = await sql<PendingRow>`
    SELECT q.queue_table, p.seq::text AS seq, p.lookup_id, p.portal_id, p.object_type, p.object_id,
           p.property_name, p.zip, p.event_id, p.occurred_at::text AS occurred_at, p.requested_at,
           p.request_id
      FROM (SELECT 'lookup_requests'::regclass::oid::text AS queue_table) q
      LEFT JOIN LATERAL (
        SELECT * FROM lookup_requests
         WHERE status = 'pending' AND seq > ${afterSeq.toString()}::bigint
         ORDER BY seq LIMIT ${limit}
      ) p ON true`.execute(db);
  return {
    queueTable: rows[0]!.queue_table,
    pending: rows.flatMap((r) =>
      r.seq === null
        ? []
        : [
            {
              seq: BigInt(r.seq),
              lookupId: r.lookup_id,
              portalId: r.portal_id,
              objectType: r.object_type as CrmObjectTypeName,
              objectId: r.object_id,
              propertyName: r.property_name,
              zip: r.zip,
              eventId: r.event_id,
              occurredAt: Number(r.occurred_at),
              requestedAt: new Date(r.requested_at).toISOString(),
              requestId: r.request_id ?? undefined,
            },
          ],
    ),
  };
}

/** Lookups waiting for an outcome: the queue's depth (GET /metrics). */
export async function pendingLookupCount(db: ReadModelDb): Promise<number> {
  const row = await db
    .selectFrom('lookup_requests')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The start marker of the processor that writes to `stream`, once this read model has applied it. */
export async function processorMarker(db: ReadModelDb, stream: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('lookup_processor_marks')
    .select('marker')
    .where('id', '=', stream)
    .executeTakeFirst();
  return row?.marker;
}

export interface LookupRequestStatus {
  lookupId: string;
  status: 'pending' | 'succeeded' | 'failed' | 'ignored';
  reason: string | null;
  userId: string | null;
}

/** Where each request of a portal stands (tests and the admin views read this). */
export async function lookupStatuses(db: ReadModelDb, portalId: string): Promise<LookupRequestStatus[]> {
  const rows = await db
    .selectFrom('lookup_requests')
    .select(['lookup_id', 'status', 'reason', 'user_id'])
    .where('portal_id', '=', portalId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({ lookupId: r.lookup_id, status: r.status, reason: r.reason, userId: r.user_id }));
}
