import { sql } from 'kysely';
import { deletingRowsOf, erasing } from '../erasure';
import { insertRows } from '../json-rows';

/**
 * What ZipFill last wrote to each property of each record (one row a record), from the lookups
 * that succeeded: a field in "update unless edited" is overwritten only while the record still
 * holds this value.
 */
export const writtenValuesProjection = erasing({
  name: 'written_values',
  tables: ['written_values'],
  eventTypes: ['LookupSucceeded'],
  async applyBatch(trx, events) {
    // One row a record: a batch's successes on it folded in order, later values winning, then
    // laid over what the table holds (a property this batch did not write keeps its value).
    type WrittenRecord = {
      portal_id: string;
      object_type: string;
      object_id: string;
      filled: Record<string, string>;
    };
    const records = new Map<string, WrittenRecord>();
    for (const { data: d } of events) {
      const key = JSON.stringify([d.portalId, d.objectType, d.objectId]);
      const record = records.get(key) ?? {
        portal_id: d.portalId,
        object_type: d.objectType,
        object_id: d.objectId,
        filled: {},
      };
      Object.assign(record.filled, d.filled);
      records.set(key, record);
    }
    if (records.size === 0) return;
    await insertRows(trx, 'written_values', [...records.values()])
      .onConflict((oc) =>
        oc
          .columns(['portal_id', 'object_type', 'object_id'])
          .doUpdateSet({ filled: sql`written_values.filled || excluded.filled` }),
      )
      .execute();
  },
  // The values came from the deleted account's lookups (their filled values read as none from
  // now on); a portal's records that another account filled before it took the portal over are
  // forgotten with them, which a replay would keep: a portal rarely changes hands.
  async erase(trx, { data }) {
    if (data.portalIds.length === 0) return;
    await trx.deleteFrom('written_values').where('portal_id', 'in', data.portalIds).execute();
  },
  // A contact deleted for privacy: nothing written to it is kept.
  forgetRecord: deletingRowsOf('written_values'),
});
