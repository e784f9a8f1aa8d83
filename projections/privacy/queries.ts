import { recordKey, type RecordRef } from '../../domain/privacy/events';
import type { ReadModelDb } from '../schema';

/** Which of these records were deleted for privacy, as recordKey values. */
export async function deletedRecords(db: ReadModelDb, records: readonly RecordRef[]): Promise<Set<string>> {
  const portals = [...new Set(records.map((r) => r.portalId))];
  if (portals.length === 0) return new Set();
  const rows = await db
    .selectFrom('privacy_deletions')
    .select(['portal_id', 'object_type', 'object_id'])
    .where('portal_id', 'in', portals)
    .execute();
  const wanted = new Set(records.map(recordKey));
  return new Set(
    rows
      .map((r) => recordKey({ portalId: r.portal_id, objectType: r.object_type, objectId: r.object_id }))
      .filter((key) => wanted.has(key)),
  );
}
