import { sql } from 'kysely';
import { ERASED_ZIP } from '../../domain/lookups/personal-data';
import { deletingRowsOf, erasing } from '../erasure';
import { insertRows } from '../json-rows';
import type { RecordHistoryTable } from './tables';

const CREDITS_PREFIX = 'credits-';

/** A value blanked as the log's placeholder reads: the change's values become {} ; unknown stays unknown. */
const erasedJson = (column: 'before_values' | 'restored') =>
  sql<string | null>`CASE WHEN ${sql.ref(column)} IS NULL THEN NULL ELSE '{}' END`;

/**
 * Each CRM record's history, keyed by portal, object type and record so that one record's is one
 * cheap query: the lookups that wrote it (LookupSucceeded, with what each field held before) and
 * the undos of them (RecordChangeUndone). The domain folds the rows (domain/record-history).
 */
export const recordHistoryProjection = erasing({
  name: 'record_history',
  tables: ['record_history'],
  eventTypes: ['LookupSucceeded', 'RecordChangeUndone'],
  async applyBatch(trx, events) {
    const rows: RecordHistoryTable[] = events.map((event) => {
      const d = event.data;
      const record = { portal_id: d.portalId, object_type: d.objectType, object_id: d.objectId };
      if (event.type === 'LookupSucceeded') {
        const s = event.data;
        return {
          ...record,
          entry_id: s.lookupId,
          kind: 'change',
          lookup_id: s.lookupId,
          user_id: event.streamName.startsWith(CREDITS_PREFIX)
            ? event.streamName.slice(CREDITS_PREFIX.length)
            : null,
          source: s.source ?? null,
          zip: s.zip,
          filled: JSON.stringify(s.filled),
          before_values: s.before ? JSON.stringify(s.before) : null,
          restored: null,
          kept: null,
          undo_job_id: null,
          at: s.at,
        };
      }
      const u = event.data;
      return {
        ...record,
        entry_id: `undo:${u.lookupId}`,
        kind: 'undo',
        lookup_id: u.lookupId,
        user_id: null,
        source: null,
        zip: '',
        filled: '{}',
        before_values: null,
        restored: JSON.stringify(u.restored),
        kept: JSON.stringify(u.kept),
        undo_job_id: u.undoJobId ?? null,
        at: u.at,
      };
    });
    await insertRows(trx, 'record_history', rows)
      .onConflict((oc) => oc.columns(['portal_id', 'object_type', 'object_id', 'entry_id']).doNothing())
      .execute();
  },
  // The changes the deleted account paid for were under its key, the undos on its portals under
  // theirs: their ZIPs and values read as erased from now on, as they will in a replay.
  async erase(trx, { data }) {
    const blank = {
      zip: ERASED_ZIP,
      filled: '{}',
      before_values: erasedJson('before_values'),
      restored: erasedJson('restored'),
    };
    await trx.updateTable('record_history').set(blank).where('user_id', '=', data.userId).execute();
    if (data.portalIds.length > 0)
      await trx
        .updateTable('record_history')
        .set(blank)
        .where('portal_id', 'in', data.portalIds)
        .where('kind', '=', 'undo')
        .execute();
  },
  // A contact deleted for privacy: nothing of its history is kept.
  forgetRecord: deletingRowsOf('record_history'),
});
