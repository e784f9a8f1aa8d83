import type { LookupOutcome } from '../../domain/lookups/events';
import { isFieldMapped, writeModeOf } from '../../domain/portals/config';
import { badRequest, HttpError } from '../http/errors';
import { runWorkflowAction, type WorkflowActionDeps } from '../workflow/execution';
import {
  CARD_FILL_PREFIX,
  crmTypeOf,
  readCardRecord,
  recordCard,
  zipOf,
  type CardRecord,
  type RecordCardDeps,
} from './card';
import { undoLastChange } from '../record-history/service';
import type { CardUndoAnswer, ChooseAnswer, ChooseRequest, FillNowAnswer } from './contract';
import { outcomeWords } from './words';

export type CardActionDeps = RecordCardDeps & WorkflowActionDeps;

/**
 * Fill now: one lookup of the record's ZIP as it is in HubSpot now, through the workflow action's
 * lookup path (the domain's LookupSource has no 'card', and the lookup events are not this
 * capability's to change): planned with the same rules, charged one credit on success and none
 * on failure, written in the portal's write modes, recorded with source 'workflow' under a
 * callbackId the card makes per click, so a retried request is the same lookup, charged once.
 */
export async function fillNow(
  deps: CardActionDeps,
  record: CardRecord,
  fillId: string,
  requestId: string | undefined,
): Promise<FillNowAnswer> {
  const { zip } = zipOf(deps, record);
  if (zip.status === 'none')
    throw badRequest(
      `This record has no ZIP in its ${zip.property} property: enter one in HubSpot, then fill.`,
    );
  const outputs = await runWorkflowAction(deps, {
    callbackId: `${CARD_FILL_PREFIX}${fillId}`,
    portalId: record.route.portalId,
    objectType: crmTypeOf(record.objectType),
    objectId: record.objectId,
    zip: zip.value,
    writeMappedProperties: true,
    requestId,
  });
  const outcome: LookupOutcome =
    outputs.outcome === 'filled'
      ? 'filled'
      : outputs.outcome === 'already_filled'
        ? 'nothing_to_update'
        : 'failed';
  const words = outcomeWords(outcome, outcome === 'failed' ? outputs.outcome : null);
  const after = await readCardRecord(deps, record.route, record.objectType, record.objectId);
  return { outcome, words, card: await recordCard(deps, after) };
}

const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLocaleUpperCase('en-US') ===
  b.trim().replace(/\s+/g, ' ').toLocaleUpperCase('en-US');

/**
 * Choose: writes one of the ZIP's accepted city names or counties to the record as the person's
 * own value, free. It is not a lookup and records none, so what ZipFill last wrote stays as it
 * was: the chosen value differs from it and reads as a person's, which "keep what people
 * entered" keeps; a city the ZIP is known by is kept in every mode (domain/lookups/write-modes.ts).
 */
export async function choose(
  deps: RecordCardDeps,
  record: CardRecord,
  request: ChooseRequest,
): Promise<ChooseAnswer> {
  const { zip } = zipOf(deps, record);
  if (zip.status !== 'found')
    throw badRequest('This record has no ZIP ZipFill knows, so there is nothing to choose from.');
  const mapping = record.route.config[crmTypeOf(record.objectType)];
  const property = mapping[request.field];
  if (!isFieldMapped(property))
    throw badRequest(
      `The ${request.field} is not mapped to a property for ${record.objectType} in ZipFill: map it on the configure page first.`,
    );
  const accepted = request.field === 'city' ? zip.cities : zip.counties.map((c) => c.county);
  const value = accepted.find((name) => sameName(name, request.value));
  if (value === undefined)
    throw badRequest(
      `"${request.value}" is not a ${request.field === 'city' ? 'city name' : 'county'} of ZIP ${zip.value}; choose one of: ${accepted.join(', ')}.`,
    );
  const client = await deps.crm.forPortal(record.route.portalId);
  const outcome = (
    await client.updateRecords(crmTypeOf(record.objectType), [
      { id: record.objectId, properties: { [property.trim()]: value } },
    ])
  ).get(record.objectId);
  if (!outcome?.ok)
    throw new HttpError(
      502,
      `HubSpot did not take the ${request.field}: ${outcome?.detail ?? 'no answer for the record'}.`,
    );
  const kept =
    request.field === 'city' || writeModeOf(mapping, request.field) === 'keep_entered'
      ? 'later lookups keep it'
      : `the county is on "always overwrite", so the next lookup writes ${zip.place.county ?? 'the ZIP’s county'} again; switch it to "keep what people entered" in ZipFill to keep your choice`;
  const after = await readCardRecord(deps, record.route, record.objectType, record.objectId);
  return {
    words: `${request.field === 'city' ? 'City' : 'County'} set to ${value} as your own value, free: ${kept}.`,
    card: await recordCard(deps, after),
  };
}

/**
 * Undo: ZipFill's last change to the record put back as the record history's undo does it
 * (api/record-history/service.ts: only fields still holding ZipFill's value, once, free).
 */
export async function undo(deps: RecordCardDeps, record: CardRecord): Promise<CardUndoAnswer> {
  const { message } = await undoLastChange(deps, {
    portalId: record.route.portalId,
    objectType: crmTypeOf(record.objectType),
    objectId: record.objectId,
  });
  const after = await readCardRecord(deps, record.route, record.objectType, record.objectId);
  return { words: message, card: await recordCard(deps, after) };
}
