import { isBalanceLow } from '../../domain/accounts/low-balance';
import { backfillRecordOf } from '../../domain/backfill/events';
import { hubspotTimezoneValue } from '../../domain/lookups/hubspot-timezone';
import { HUBSPOT_TIMEZONE_PROPERTY, mappedProperties } from '../../domain/lookups/fill';
import { countiesOf, parsePostalCode, type Location } from '../../domain/lookups/postal-code';
import { acceptedCities, isZipFillsValue } from '../../domain/lookups/write-modes';
import {
  isFieldMapped,
  LOCATION_FIELDS,
  writeModeOf,
  type FieldMapping,
  type WrittenField,
} from '../../domain/portals/config';
import { creditThresholdOf } from '../../projections/accounts/queries';
import { lastLookupOfRecord } from '../../projections/admin/record-lookups';
import { backfillJob } from '../../projections/backfill/queries';
import { creditUsageOf } from '../../projections/credits/queries';
import { lastWrittenValues } from '../../projections/writes/queries';
import type { ZipTable } from '../adapters/geocoder/zip-table';
import { forbidden, notFound } from '../http/errors';
import type { CrmClientFactory, CrmObjectType, PortalDirectory, PortalRoute } from '../portals/types';
import type { EventStore } from '../../domain/eventstore/types';
import type { ReadModelDb } from '../../projections/schema';
import type { HistoryEntry } from '../../domain/record-history/history';
import { historyAnswer } from '../record-history/service';
import type { CardField, CardLastLookup, CardObjectType, CardZip, RecordCardAnswer } from './contract';
import { FIELD_LABELS, outcomeWords, sourceWords } from './words';

export interface RecordCardDeps {
  portals: PortalDirectory;
  crm: CrmClientFactory;
  zipTable: ZipTable;
  readModels: ReadModelDb;
  store: EventStore;
  publicUrl: string;
  now: () => Date;
}

/** One record a card sits on, in a connected portal, as HubSpot holds it now. */
export interface CardRecord {
  route: PortalRoute;
  objectType: CardObjectType;
  objectId: string;
  properties: Record<string, string | null>;
}

export const crmTypeOf = (objectType: CardObjectType): CrmObjectType =>
  objectType === 'contacts' ? 'contact' : 'company';

const mappingOf = (record: Pick<CardRecord, 'route' | 'objectType'>): FieldMapping =>
  record.route.config[crmTypeOf(record.objectType)];

/** The card's prefix of Fill now's lookups: a workflow-path lookup whose callbackId starts so came from the card. */
export const CARD_FILL_PREFIX = 'card-';

/** The portal a card's call speaks for, connected and with HubSpot's access; 403 otherwise. */
export async function connectedPortal(deps: RecordCardDeps, portalId: string): Promise<PortalRoute> {
  const route = await deps.portals.route(portalId);
  if (!route)
    throw forbidden(
      `HubSpot portal ${portalId} is not connected to a ZipFill account. Connect it from the ZipFill dashboard (${deps.publicUrl}/dashboard) to fill records from their ZIP.`,
    );
  if (route.accessRevoked)
    throw forbidden(
      `HubSpot refused ZipFill's access to portal ${portalId} (the app was uninstalled or its access revoked). Reconnect it from the ZipFill dashboard.`,
    );
  return route;
}

/** The record with its ZIP and mapped properties, read through the portal's HubSpot client; 404 when the portal has no such record. */
export async function readCardRecord(
  deps: RecordCardDeps,
  route: PortalRoute,
  objectType: CardObjectType,
  objectId: string,
): Promise<CardRecord> {
  const type = crmTypeOf(objectType);
  const wanted = [route.zipProperty[type], ...mappedProperties(route.config[type])];
  const client = await deps.crm.forPortal(route.portalId);
  const properties = (await client.readRecords(type, [objectId], wanted)).get(objectId);
  if (!properties) throw notFound(`Portal ${route.portalId} has no ${type} with id ${objectId}.`);
  return { route, objectType, objectId, properties };
}

/** What the record's ZIP is and what it resolves to, with every accepted city and county. */
export function zipOf(
  deps: Pick<RecordCardDeps, 'zipTable'>,
  record: CardRecord,
): { zip: CardZip; location?: Location } {
  const property = record.route.zipProperty[crmTypeOf(record.objectType)];
  const value = (record.properties[property] ?? '').trim();
  if (value === '') return { zip: { status: 'none', property } };
  const code = parsePostalCode(value);
  if (code.kind === 'invalid')
    return {
      zip: {
        status: 'invalid',
        property,
        value,
        message: `"${value}" is not a ZIP code (5 digits, ZIP+4 or a Canadian postal code).`,
      },
    };
  const location = deps.zipTable.resolve(code);
  if (!location)
    return {
      zip: { status: 'not_found', property, value, message: `${value} is not in ZipFill's ZIP table.` },
    };
  const { city, state, county, country, timezone } = location;
  return {
    location,
    zip: {
      status: 'found',
      property,
      value,
      place: { city, state, county, country, timezone },
      cities: acceptedCities(location),
      counties: countiesOf(location).map((c) => ({ ...c })),
    },
  };
}

/** The mapped fields in the order they are shown, each with its property. */
function mappedFields(mapping: FieldMapping): { field: WrittenField; property: string }[] {
  const fields: { field: WrittenField; property: string }[] = LOCATION_FIELDS.filter((f) =>
    isFieldMapped(mapping[f]),
  ).map((field) => ({ field, property: mapping[field].trim() }));
  if (mapping.updateTimezone) fields.push({ field: 'timezone', property: HUBSPOT_TIMEZONE_PROPERTY });
  return fields;
}

function resolvedValue(location: Location | undefined, field: WrittenField): string | null {
  if (!location) return null;
  if (field === 'timezone') return location.timezone ? hubspotTimezoneValue(location.timezone) : null;
  return location[field];
}

async function lastLookupOf(deps: RecordCardDeps, record: CardRecord): Promise<CardLastLookup | null> {
  const row = await lastLookupOfRecord(
    deps.readModels,
    record.route.portalId,
    crmTypeOf(record.objectType),
    record.objectId,
  );
  if (!row) return null;
  const outcome = row.outcome === 'success' ? 'filled' : row.outcome;
  const jobOf = backfillRecordOf(row.lookupId);
  const job = jobOf ? await backfillJob(deps.readModels, jobOf.jobId) : undefined;
  return {
    at: row.at.toISOString(),
    zip: row.zip,
    outcome,
    words: outcomeWords(outcome, row.reason),
    source: row.source,
    sourceWords: sourceWords(row.source, {
      fromCard: row.lookupId.includes(`-workflow-${CARD_FILL_PREFIX}`),
      ...(job ? { job } : {}),
    }),
    credits: row.credits,
  };
}

async function lowBalanceOf(deps: RecordCardDeps, userId: string): Promise<RecordCardAnswer['lowBalance']> {
  const [{ balance }, threshold] = await Promise.all([
    creditUsageOf(deps.readModels, userId),
    creditThresholdOf(deps.readModels, userId),
  ]);
  return isBalanceLow(balance, threshold) ? { credits: balance, threshold } : null;
}

/** Everything the card shows for a record: its ZIP, each mapped field, the last lookup, a low balance. */
export async function recordCard(deps: RecordCardDeps, record: CardRecord): Promise<RecordCardAnswer> {
  const { route, objectType, objectId } = record;
  const type = crmTypeOf(objectType);
  const mapping = mappingOf(record);
  const { zip, location } = zipOf(deps, record);
  const [written, lastLookup, lowBalance, history] = await Promise.all([
    lastWrittenValues(deps, route.portalId, type, [objectId]).then((m) => m.get(objectId) ?? {}),
    lastLookupOf(deps, record),
    lowBalanceOf(deps, route.userId),
    historyAnswer(deps, { portalId: route.portalId, objectType: type, objectId }),
  ]);
  const fields: CardField[] = mappedFields(mapping).map(({ field, property }) => {
    const value = record.properties[property]?.trim() || null;
    return {
      field,
      label: FIELD_LABELS[field],
      property,
      value,
      resolved: resolvedValue(location, field),
      mode: writeModeOf(mapping, field),
      ...(value === null ? {} : writerOf(value, written[property], property, history.entries)),
    };
  });
  const choose = zip.status === 'found' ? chooseable(mapping, zip) : [];
  return {
    portalId: route.portalId,
    objectType,
    objectId,
    zip,
    fields,
    lastLookup,
    lowBalance,
    actions: {
      fillNow: zip.status !== 'none',
      choose,
      ...(history.undo.available ? { undo: { label: 'Undo ZipFill’s last change', path: '/undo' } } : {}),
    },
    dashboardUrl: `${deps.publicUrl}/dashboard`,
  };
}

/**
 * Whose a field's value is, and for ZipFill's when it wrote it: the newest change in the record's
 * history (newest first) that gave the property this value.
 */
function writerOf(
  value: string,
  lastWritten: string | undefined,
  property: string,
  entries: readonly HistoryEntry[],
): Pick<CardField, 'writtenBy' | 'writtenAt'> {
  if (!isZipFillsValue(value, lastWritten)) return { writtenBy: 'person' };
  const change = entries.find(
    (e) => e.kind === 'change' && e.fields.some((f) => f.property === property && f.after === lastWritten),
  );
  return { writtenBy: 'zipfill', ...(change ? { writtenAt: change.at } : {}) };
}

/** The fields Choose can write: mapped, with more than one accepted value. */
function chooseable(
  mapping: FieldMapping,
  zip: Extract<CardZip, { status: 'found' }>,
): ('city' | 'county')[] {
  const fields: ('city' | 'county')[] = [];
  if (isFieldMapped(mapping.city) && zip.cities.length > 1) fields.push('city');
  if (isFieldMapped(mapping.county) && zip.counties.length > 1) fields.push('county');
  return fields;
}
