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

/** Why a planned value was not written. */
export type SkipReason = 'not_empty' | 'edited_by_hand' | 'accepted_city';

export interface WriteDecision {
  /** The properties to write, with their values. */
  properties: Record<string, string>;
  skipped: { property: string; reason: SkipReason }[];
}

const isEmpty = (value: string | null | undefined) => (value ?? '').trim() === '';

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

function skipReason(
  write: PlannedWrite,
  record: RecordValues,
  accepted: readonly string[],
): SkipReason | null {
  const current = record.current[write.property];
  if (write.field === 'city' && isAcceptedCity(current, accepted)) return 'accepted_city';
  if (isEmpty(current)) return null;
  switch (write.mode) {
    case 'fill_if_empty':
      return 'not_empty';
    case 'update_unless_edited': {
      const last = record.lastWritten[write.property];
      // A value ZipFill never wrote was typed or imported by someone: it counts as edited.
      return last !== undefined && last.trim() === current!.trim() ? null : 'edited_by_hand';
    }
    case 'always_overwrite':
      return null;
  }
}

/**
 * The write-mode rules, per planned value: a record whose city is already an accepted name for
 * its ZIP keeps it, whatever the mode; an empty field is always written; a field with a value is
 * left alone in "fill if empty", updated in "update unless edited" only while it still holds what
 * ZipFill wrote last, and overwritten in "always overwrite". A record none of whose values is
 * written fails as already_filled, without a charge.
 */
export function decideWrites(
  planned: readonly PlannedWrite[],
  record: RecordValues,
  accepted: readonly string[],
): WriteDecision {
  const decision: WriteDecision = { properties: {}, skipped: [] };
  for (const write of planned) {
    const reason = skipReason(write, record, accepted);
    if (reason) decision.skipped.push({ property: write.property, reason });
    else decision.properties[write.property] = write.value;
  }
  return decision;
}

/**
 * Whether deciding needs the record's current values: a mode that looks at them, or a city the
 * ZIP is known by under other names too. A ZIP with one name needs no read for its city: writing
 * that name over itself keeps it.
 */
export const needsCurrentValues = (planned: readonly PlannedWrite[], accepted: readonly string[]): boolean =>
  planned.some((w) => w.mode !== 'always_overwrite' || (w.field === 'city' && accepted.length > 1));

/**
 * Whether a record already holds every value a lookup would write. For a lookup resumed after
 * its charge (the run that charged it stopped before recording the outcome), that is its own
 * write, which reached the CRM before the run stopped: the lookup succeeded and stays charged,
 * rather than failing as already_filled and giving the fill away. (Were the values typed by
 * someone before the first run instead, that run would have failed the lookup: writing them
 * again would have changed nothing either way.)
 */
export const holdsEveryValue = (
  planned: readonly PlannedWrite[],
  current: Readonly<Record<string, string | null | undefined>>,
): boolean =>
  planned.length > 0 && planned.every((w) => (current[w.property] ?? '').trim() === w.value.trim());

/** Whether deciding needs what ZipFill last wrote to the record. */
export const needsLastWritten = (planned: readonly PlannedWrite[]): boolean =>
  planned.some((w) => w.mode === 'update_unless_edited');

const SKIPPED_BECAUSE: Record<SkipReason, string> = {
  not_empty: 'already has a value',
  edited_by_hand: 'was edited since ZipFill wrote it',
  accepted_city: 'already holds a city accepted for this ZIP',
};

/** The already_filled failure's detail: each property and why its mode left it alone. */
export const describeSkipped = (skipped: WriteDecision['skipped']): string =>
  skipped.map((s) => `${s.property} ${SKIPPED_BECAUSE[s.reason]}`).join('; ');
