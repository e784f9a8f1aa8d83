import { deletingRowsOf, erasing } from '../erasure';

/**
 * What ZipFill last wrote to each property of each record, from the lookups that succeeded: a
 * field in "update unless edited" is overwritten only while the record still holds this value.
 */
export const writtenValuesProjection = erasing({
  name: 'written_values',
  tables: ['written_values'],
  eventTypes: ['LookupSucceeded'],
  async applyBatch(trx, events) {
    // Later events of a batch win: one row per record and property, as the last write left it.
    const rows = new Map<
      string,
      { portal_id: string; object_type: string; object_id: string; property: string; value: string }
    >();
    for (const { data: d } of events)
      for (const [property, value] of Object.entries(d.filled))
        rows.set(JSON.stringify([d.portalId, d.objectType, d.objectId, property]), {
          portal_id: d.portalId,
          object_type: d.objectType,
          object_id: d.objectId,
          property,
          value,
        });
    const values = [...rows.values()];
    // Kept well under PostgreSQL's 65,535 bind parameters (5 per row).
    for (let i = 0; i < values.length; i += 5_000)
      await trx
        .insertInto('written_values')
        .values(values.slice(i, i + 5_000))
        .onConflict((oc) =>
          oc
            .columns(['portal_id', 'object_type', 'object_id', 'property'])
            .doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
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
