import { sql } from 'kysely';
import type { LogEventType } from '../domain/events';
import type { RecordedEvent } from '../domain/eventstore/types';
import { recordKey, type ContactPrivacyDeletedData, type RecordRef } from '../domain/privacy/events';
import { batched, type Projection, type ReadModelTransaction, type Recorded } from './projection';
import type { ReadModels } from './schema';
import { sideBySide } from './side-by-side';

export type AccountDeletion = Recorded<'AccountDeleted'>;

/** The events after which a read model forgets personal data: an account's, or one CRM record's. */
const ERASURES = new Set<string>(['AccountDeleted', 'ContactPrivacyDeleted']);

/**
 * The table in which a projection that forgets records keeps those it has forgotten (one per
 * projection, created by a migration; see ForgottenRecordTables).
 */
const forgottenRecordsTable = (projection: string) =>
  // Named after the projection; a projection without its table fails at its first batch.
  `${projection}_forgotten` as keyof ReadModels & string;

/**
 * A forgetRecord for a read model whose rows are each about one CRM record: they are deleted. What
 * record_history and written_values keep of a contact deleted for privacy.
 */
export const deletingRowsOf =
  (table: 'record_history' | 'written_values') =>
  async (trx: ReadModelTransaction, record: RecordRef): Promise<void> => {
    await trx
      .deleteFrom(table)
      .where('portal_id', '=', record.portalId)
      .where('object_type', '=', record.objectType)
      .where('object_id', '=', record.objectId)
      .execute();
  };

/** The CRM record a lookup event is about, when its data names one. */
function recordOf(event: RecordedEvent): RecordRef | undefined {
  const d = event.data as Partial<Record<keyof RecordRef, unknown>>;
  return typeof d.portalId === 'string' && typeof d.objectType === 'string' && typeof d.objectId === 'string'
    ? { portalId: d.portalId, objectType: d.objectType, objectId: d.objectId }
    : undefined;
}

/**
 * The projection's tombstones among the records a batch names. Read by portal, then matched
 * here: a portal has few deleted contacts, and a batch's portals are far fewer than its records.
 */
async function forgottenAmong(
  trx: ReadModelTransaction,
  table: string,
  events: readonly RecordedEvent[],
): Promise<RecordRef[]> {
  const named = new Map<string, RecordRef>();
  for (const event of events) {
    const record = recordOf(event);
    if (record) named.set(recordKey(record), record);
  }
  if (named.size === 0) return [];
  const portals = [...new Set([...named.values()].map((r) => r.portalId))];
  const { rows } = await sql<{ portal_id: string; object_type: string; object_id: string }>`
    SELECT portal_id, object_type, object_id FROM ${sql.table(table)}
     WHERE portal_id IN (${sql.join(portals)})`.execute(trx);
  return rows
    .map((r) => ({ portalId: r.portal_id, objectType: r.object_type, objectId: r.object_id }))
    .filter((r) => named.has(recordKey(r)));
}

/**
 * A batched projection that also forgets what a deleted account's keys protected. When it reads
 * `AccountDeleted` it drops or blanks exactly what those fields would have given had they read as
 * their placeholders from the start, so the live read model and a replay after the erasure agree.
 * A projection that holds a CRM record's ZIP or filled values forgets them the same way when it
 * reads `ContactPrivacyDeleted` (the contact was deleted for privacy in HubSpot), and keeps the
 * record in a tombstone table of its own: a lookup of the record that was under way when it was
 * deleted, and so is recorded after it in the log, is forgotten as soon as it is written. The
 * tombstones are the projection's own rows, so a replay (or a version built while serving)
 * forgets exactly what the live read model forgot.
 * A batch is applied in order around each deletion: what came before is written, then erased.
 */
export function erasing<T extends LogEventType>(spec: {
  name: string;
  tables: Projection['tables'];
  eventTypes: readonly T[];
  applyBatch(trx: ReadModelTransaction, events: readonly Recorded<T>[]): Promise<void>;
  erase(trx: ReadModelTransaction, deletion: AccountDeletion): Promise<void>;
  forgetRecord?(trx: ReadModelTransaction, record: RecordRef): Promise<void>;
}): Projection {
  const inner = batched(spec);
  const { forgetRecord } = spec;
  const tombstones = forgottenRecordsTable(spec.name);
  const applyRun = async (trx: ReadModelTransaction, run: readonly RecordedEvent[]) => {
    if (!forgetRecord) return inner.apply(trx, run);
    // The apply writes no tombstones, so the two need not wait for each other.
    const [, forgotten] = await sideBySide(inner.apply(trx, run), forgottenAmong(trx, tombstones, run));
    for (const record of forgotten) await forgetRecord(trx, record);
  };
  const forget = async (trx: ReadModelTransaction, d: ContactPrivacyDeletedData) => {
    await sql`
      INSERT INTO ${sql.table(tombstones)} (portal_id, object_type, object_id)
      VALUES (${d.portalId}, ${d.objectType}, ${d.objectId}) ON CONFLICT DO NOTHING`.execute(trx);
    await forgetRecord?.(trx, d);
  };
  return {
    name: spec.name,
    tables: forgetRecord ? [...spec.tables, tombstones] : spec.tables,
    eventTypes: [...spec.eventTypes, 'AccountDeleted', ...(forgetRecord ? ['ContactPrivacyDeleted'] : [])],
    async apply(trx, events) {
      let run: RecordedEvent[] = [];
      for (const event of events) {
        if (!ERASURES.has(event.type)) {
          run.push(event);
          continue;
        }
        if (run.length > 0) await applyRun(trx, run);
        run = [];
        if (event.type === 'AccountDeleted') await spec.erase(trx, event as AccountDeletion);
        else await forget(trx, (event as Recorded<'ContactPrivacyDeleted'>).data);
      }
      if (run.length > 0) await applyRun(trx, run);
    },
  };
}
