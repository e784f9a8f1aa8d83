import { WrongExpectedVersionError, type EventStore } from '../../domain/eventstore/types';
import { recordStream, type RecordChangeEvent } from '../../domain/record-history/events';
import { recordHistory } from '../../domain/record-history/history';
import { decideUndo, propertiesToRead, type UndoDecision } from '../../domain/record-history/undo';
import { recordHistoryEvents, type RecordKey } from '../../projections/record-history/queries';
import type { ReadModelDb } from '../../projections/schema';
import { conflict, HttpError, notFound } from '../http/errors';
import { undoneEventId } from '../lookups/ids';
import type { CrmClientFactory } from '../portals/types';
import type { RecordHistoryAnswer, RecordUndoAnswer } from './contract';
import { writeRestores } from './restore';

export interface RecordHistoryDeps {
  store: EventStore;
  readModels: ReadModelDb;
  crm: CrmClientFactory;
  now: () => Date;
}

/** Two undos of one record at once: the loser reads again and finds the change undone. */
const MAX_ATTEMPTS = 3;

const NOTHING_TO_UNDO = 'ZipFill has not changed this record: there is nothing to undo.';
const BEFORE_UNKNOWN =
  'ZipFill’s last change to this record was made before ZipFill kept the values it replaced, so it cannot be undone.';
const ALREADY_UNDONE = 'ZipFill’s last change to this record is already undone: nothing changed.';

function undoAvailability(decision: UndoDecision['kind']): RecordHistoryAnswer['undo'] {
  switch (decision) {
    case 'nothing_to_undo':
      return { available: false, reason: NOTHING_TO_UNDO };
    case 'before_unknown':
      return { available: false, reason: BEFORE_UNKNOWN };
    case 'already_undone':
      return { available: false, reason: ALREADY_UNDONE };
    case 'undo':
      return { available: true };
  }
}

/** A record's history as the endpoint answers it: newest first, with whether undo has anything to do. */
export async function historyAnswer(
  deps: RecordHistoryDeps,
  record: RecordKey,
): Promise<RecordHistoryAnswer> {
  const events = await recordHistoryEvents(deps, record);
  // Whether there is a change to undo does not depend on the record's values (only what is restored does).
  const { kind } = decideUndo(events, {});
  return { ...record, entries: recordHistory(events).reverse(), undo: undoAvailability(kind) };
}

async function currentValues(deps: RecordHistoryDeps, record: RecordKey, properties: readonly string[]) {
  if (properties.length === 0) return {};
  const client = await deps.crm.forPortal(record.portalId);
  const found = await client.readRecords(record.objectType, [record.objectId], properties, {
    priority: 'live',
  });
  const values = found.get(record.objectId);
  if (!values) throw notFound(`HubSpot has no ${record.objectType} ${record.objectId} in this portal.`);
  return values;
}

function describe(restored: Record<string, string>, kept: RecordUndoAnswer['kept']): string {
  const parts = [
    Object.keys(restored).length > 0
      ? `Restored ${Object.keys(restored).join(', ')} to the values they held before.`
      : 'No field still held what ZipFill wrote: nothing was written.',
    ...(kept.length > 0
      ? [
          `Kept ${kept.map((k) => k.property).join(', ')}: changed since ZipFill wrote them, or their earlier value is not known.`,
        ]
      : []),
    'An undo is free and refunds nothing.',
  ];
  return parts.join(' ');
}

/**
 * Undoes ZipFill's last change to one record: reads the fields it wrote from HubSpot, lets the
 * domain decide (domain/record-history/undo.ts: restore only what still holds ZipFill's value,
 * once), writes the earlier values back and records the undo on the record's stream with the
 * revision it read, so a second undo, even one running at the same time, changes nothing.
 * Free: no credit is charged or refunded.
 */
export async function undoLastChange(deps: RecordHistoryDeps, record: RecordKey): Promise<RecordUndoAnswer> {
  const stream = recordStream(record.portalId, record.objectType, record.objectId);
  for (let attempt = 1; ; attempt++) {
    const undos = await deps.store.readStream(stream);
    const events = await recordHistoryEvents(deps, record);
    const decision = decideUndo(events, await currentValues(deps, record, propertiesToRead(events)));
    switch (decision.kind) {
      case 'nothing_to_undo':
        throw conflict(NOTHING_TO_UNDO);
      case 'before_unknown':
        throw conflict(BEFORE_UNKNOWN);
      case 'already_undone':
        return {
          outcome: 'already_undone',
          lookupId: decision.lookupId,
          restored: {},
          kept: [],
          message: ALREADY_UNDONE,
          history: await historyAnswer(deps, record),
        };
      case 'undo':
        break;
    }
    const { lookupId, restore, kept } = decision;
    const client = await deps.crm.forPortal(record.portalId);
    const written = (
      await writeRestores(client, record.objectType, [{ objectId: record.objectId, values: restore }], 'live')
    ).get(record.objectId);
    if (written && !written.ok) {
      if (written.reason === 'crm_record_not_found')
        throw notFound(`HubSpot has no ${record.objectType} ${record.objectId} in this portal.`);
      throw new HttpError(502, `HubSpot refused to restore the values: ${written.detail}`);
    }
    const event: RecordChangeEvent = {
      type: 'RecordChangeUndone',
      data: { lookupId, ...record, restored: restore, kept, at: deps.now().toISOString() },
    };
    try {
      await deps.store.append(
        stream,
        [{ id: undoneEventId(lookupId), ...event, metadata: { correlationId: lookupId } }],
        {
          expected: undos.length === 0 ? 'no_stream' : BigInt(undos.length - 1),
        },
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw error;
      continue;
    }
    return {
      outcome: 'undone',
      lookupId,
      restored: restore,
      kept,
      message: describe(restore, kept),
      history: await historyAnswer(deps, record),
    };
  }
}
