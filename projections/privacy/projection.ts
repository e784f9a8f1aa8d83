import { batched } from '../projection';

/** Every contact deleted for privacy, once (a second deletion of the same record changes nothing). */
export const privacyDeletionsProjection = batched({
  name: 'privacy_deletions',
  tables: ['privacy_deletions'],
  eventTypes: ['ContactPrivacyDeleted'],
  async applyBatch(trx, events) {
    await trx
      .insertInto('privacy_deletions')
      .values(
        events.map(({ data: d }) => ({
          portal_id: d.portalId,
          object_type: d.objectType,
          object_id: d.objectId,
          deleted_at: d.at,
        })),
      )
      .onConflict((oc) => oc.columns(['portal_id', 'object_type', 'object_id']).doNothing())
      .execute();
  },
});
