import type { WriteMode, WrittenField } from '../portals/config';
import type { Location } from './postal-code';

/** One value a lookup would write: the field, the CRM property it is mapped to, and its mode. */
export interface PlannedWrite {
  field: WrittenField;
  property: string;
  value: string;
  mode: WriteMode;
}

/** What the record holds when it is written, by CRM property. */
export interface RecordValues {
  /** The record's current values; a property missing or null is empty. */
  current: Readonly<Record<string, string | null | undefined>>;
  /** What ZipFill itself last wrote to each property of this record; missing when it never did. */
  lastWritten: Readonly<Record<string, string | undefined>>;
}

/**
 * Why a planned value was not written: the field already holds it, a person entered the value
 * it holds ("keep what people entered"), or it holds a city name the ZIP is known by.
 */
export type SkipReason = 'already_right' | 'entered_by_person' | 'accepted_city';

export interface WriteDecision {
  /** The properties to write, with their values. */
  properties: Record<string, string>;
  /** Every planned property with its value, written or not. */
  planned: Record<string, string>;
  skipped: { property: string; reason: SkipReason }[];
}

const isEmpty = (value: string | null | undefined) => (value ?? '').trim() === '';

/** Two values of a property are the same as HubSpot shows them: surrounding spaces aside, empty as empty. */
export const sameValue = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim() === (b ?? '').trim();

/** City names compare as people read them: case and runs of spaces do not matter. */
const cityKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleUpperCase('en-US');

/** Every city name the sources accept for a location: the USPS-preferred one first. */
export function acceptedCities(location: Location): string[] {
  return [...(location.city ? [location.city] : []), ...(location.otherCities ?? [])];
}

/** Whether a record's city is one its ZIP is known by; such a city is kept in every mode. */
export function isAcceptedCity(city: string | null | undefined, accepted: readonly string[]): boolean {
  if (isEmpty(city)) return false;
  const key = cityKey(city!);
  return accepted.some((name) => cityKey(name) === key);
}

/**
 * A value is ZipFill's when it is the one ZipFill last wrote to that record and property; any
 * other value was entered by a person (typed, imported, set by another tool).
 */
export const isZipFillsValue = (
  current: string | null | undefined,
  lastWritten: string | undefined,
): boolean => lastWritten !== undefined && !isEmpty(current) && sameValue(current, lastWritten);

function skipReason(
  write: PlannedWrite,
  record: RecordValues,
  accepted: readonly string[],
): SkipReason | null {
  const current = record.current[write.property];
  if (!isEmpty(current) && sameValue(current, write.value)) return 'already_right';
  if (write.field === 'city' && isAcceptedCity(current, accepted)) return 'accepted_city';
  if (isEmpty(current)) return null;
  switch (write.mode) {
    case 'keep_entered':
      return isZipFillsValue(current, record.lastWritten[write.property]) ? null : 'entered_by_person';
    case 'always_overwrite':
      return null;
  }
}

/**
 * The write-mode rules, per planned value: a field that already holds the ZIP's value is left
 * as it is, and so is a city the ZIP is known by under another name, in every mode; an empty
 * field is always written; in "keep what people entered" a value ZipFill wrote follows the new
 * ZIP and a value a person entered stays; "always overwrite" replaces any value. A record none of
 * whose values is written has nothing to update: not charged, and not a failure.
 */
export function decideWrites(
  planned: readonly PlannedWrite[],
  record: RecordValues,
  accepted: readonly string[],
): WriteDecision {
  const decision: WriteDecision = { properties: {}, planned: {}, skipped: [] };
  for (const write of planned) {
    decision.planned[write.property] = write.value;
    const reason = skipReason(write, record, accepted);
    if (reason) decision.skipped.push({ property: write.property, reason });
    else decision.properties[write.property] = write.value;
  }
  return decision;
}

/**
 * A charged lookup taken up again after a crash (the run that charged it stopped before recording
 * its outcome) is judged by what it planned, not by what it finds: a field holding the value its
 * plan gives is its own write, which landed before the run stopped, whatever a person's values
 * beside it. Its fill is those fields and whatever is still left to write; undefined when it
 * holds none of its values and has nothing left to write (nothing landed, nothing to update).
 */
export function resumedFill(decision: WriteDecision): Record<string, string> | undefined {
  const landed = decision.skipped.filter((s) => s.reason === 'already_right').map((s) => s.property);
  if (landed.length === 0 && Object.keys(decision.properties).length === 0) return undefined;
  return { ...Object.fromEntries(landed.map((p) => [p, decision.planned[p]!])), ...decision.properties };
}

/** Whether deciding needs what ZipFill last wrote to the record: a field that keeps what people entered. */
export const needsLastWritten = (planned: readonly PlannedWrite[]): boolean =>
  planned.some((w) => w.mode === 'keep_entered');

const SKIPPED_BECAUSE: Record<SkipReason, string> = {
  already_right: 'already holds this value',
  entered_by_person: 'holds a value a person entered',
  accepted_city: 'already holds a city accepted for this ZIP',
};

/** What "nothing to update" says: each property and why it was left alone. */
export const describeSkipped = (skipped: WriteDecision['skipped']): string =>
  skipped.map((s) => `${s.property} ${SKIPPED_BECAUSE[s.reason]}`).join('; ');
