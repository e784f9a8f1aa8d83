import { backfillRecordOf } from '../../domain/backfill/events';
import { lookupSourceOf } from '../../domain/lookups/events';
import { ERASED_ZIP } from '../../domain/lookups/personal-data';
import { erasing } from '../erasure';
import { insertRows } from '../json-rows';
import type { BackfillRecordsTable, BackfillUndoRecordsTable } from './tables';

/**
 * The records each backfill job reached and their outcome, from the lookups it recorded on the
 * credits streams: the job's report, and what the runner finds already done when it takes a page
 * up again after a crash. A record charged but without an outcome yet is not here. An undo job's
 * records come with its pages (restored, skipped or failed), for its report.
 */
export const backfillRecordsProjection = erasing({
  name: 'backfill_records',
  tables: ['backfill_records', 'backfill_undo_records', 'backfill_runner_marks'],
  eventTypes: ['LookupSucceeded', 'LookupFailed', 'BackfillRunnerStarted', 'BackfillPageProcessed'],
  async applyBatch(trx, events) {
    const rows = new Map<string, BackfillRecordsTable>();
    const undone: BackfillUndoRecordsTable[] = [];
    for (const event of events) {
      if (event.type === 'BackfillRunnerStarted') continue;
      if (event.type === 'BackfillPageProcessed') {
        const { jobId, undone: records = [], at } = event.data;
        for (const r of records)
          undone.push({
            job_id: jobId,
            object_id: r.objectId,
            outcome: r.outcome,
            reason: r.outcome === 'restored' ? null : r.reason,
            restored: JSON.stringify(r.outcome === 'restored' ? r.restored : []),
            kept: JSON.stringify(r.outcome === 'restored' ? r.kept : []),
            at,
          });
        continue;
      }
      const d = event.data;
      const record = lookupSourceOf(d) === 'backfill' ? backfillRecordOf(d.lookupId) : undefined;
      if (!record) continue;
      rows.set(d.lookupId, {
        job_id: record.jobId,
        object_id: record.objectId,
        zip: d.zip,
        outcome: event.type === 'LookupSucceeded' ? 'succeeded' : 'failed',
        reason: event.type === 'LookupFailed' ? event.data.reason : null,
        filled: JSON.stringify(event.type === 'LookupSucceeded' ? event.data.filled : {}),
        at: d.at,
      });
    }
    if (rows.size > 0)
      await insertRows(trx, 'backfill_records', [...rows.values()])
        .onConflict((oc) => oc.columns(['job_id', 'object_id']).doNothing())
        .execute();
    // A page taken up again after a crash is recorded once (its cursor).
    if (undone.length > 0)
      await insertRows(trx, 'backfill_undo_records', undone)
        .onConflict((oc) => oc.columns(['job_id', 'object_id']).doNothing())
        .execute();
    for (const event of events)
      if (event.type === 'BackfillRunnerStarted')
        await trx
          .insertInto('backfill_runner_marks')
          .values({ id: event.streamName, marker: event.data.marker })
          .onConflict((oc) => oc.column('id').doUpdateSet({ marker: event.data.marker }))
          .execute();
  },
  // A job's records were paid by the account that started it: their ZIPs and values were under its key.
  async erase(trx, { data }) {
    await trx
      .updateTable('backfill_records')
      .set({ zip: ERASED_ZIP, filled: JSON.stringify({}) })
      .where(
        'job_id',
        'in',
        trx.selectFrom('backfill_jobs').select('job_id').where('user_id', '=', data.userId),
      )
      .execute();
  },
  // A contact deleted for privacy: the jobs' reports keep its outcome, not its ZIP or values.
  async forgetRecord(trx, d) {
    await trx
      .updateTable('backfill_records')
      .set({ zip: ERASED_ZIP, filled: JSON.stringify({}) })
      .where('object_id', '=', d.objectId)
      .where(
        'job_id',
        'in',
        trx
          .selectFrom('backfill_jobs')
          .select('job_id')
          .where('portal_id', '=', d.portalId)
          .where('object_type', '=', d.objectType),
      )
      .execute();
  },
});
