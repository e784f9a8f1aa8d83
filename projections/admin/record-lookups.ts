import type { LookupSource } from '../../domain/lookups/events';
import type { ReadModelDb } from '../schema';

/** A record's lookup as the admin's lookups read model holds it. */
export interface RecordLookupRow {
  lookupId: string;
  userId: string;
  zip: string;
  source: LookupSource;
  outcome: 'pending' | 'success' | 'nothing_to_update' | 'failed';
  reason: string | null;
  /** Credits it cost: one for a success, none otherwise. */
  credits: number;
  at: Date;
}

/** The last lookup of one CRM record of a portal (the ZipFill card on the record), if any. */
export async function lastLookupOfRecord(
  db: ReadModelDb,
  portalId: string,
  objectType: 'contact' | 'company',
  objectId: string,
): Promise<RecordLookupRow | undefined> {
  const row = await db
    .selectFrom('admin_lookups')
    .select([
      'lookup_id',
      'user_id',
      'zip',
      'source',
      'outcome',
      'reason',
      'credits_before',
      'credits_after',
      'at',
    ])
    .where('portal_id', '=', portalId)
    .where('object_type', '=', objectType)
    .where('object_id', '=', objectId)
    .orderBy('at', 'desc')
    .orderBy('lookup_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return (
    row && {
      lookupId: row.lookup_id,
      userId: row.user_id,
      zip: row.zip,
      source: row.source as LookupSource,
      outcome: row.outcome,
      reason: row.reason,
      credits: Math.max(0, row.credits_before - row.credits_after),
      at: new Date(row.at),
    }
  );
}
