import type { LocationField } from '../portals/config';
import type { PlannedWrite } from '../lookups/write-modes';
import type { AddressClass } from './classify';

/** The classes a lookup of the record's own ZIP can put right: the field it contradicts is rewritten. */
export const FIXABLE_CLASSES = [
  'city_not_accepted',
  'state_not_zips',
  'county_not_zips',
] as const satisfies readonly AddressClass[];

export type FixableClass = (typeof FIXABLE_CLASSES)[number];

/** What "fix these records" does for a class: rewrite these fields, or why it cannot. */
export type ClassFix =
  | { kind: 'fix'; healthClass: FixableClass; fields: readonly LocationField[] }
  | { kind: 'refused'; reason: string };

const FIELDS: Record<FixableClass, readonly LocationField[]> = {
  city_not_accepted: ['city'],
  state_not_zips: ['state'],
  county_not_zips: ['county'],
};

const NOT_FIXABLE: Record<Exclude<AddressClass, FixableClass>, string> = {
  no_zip:
    'Records without a ZIP cannot be fixed by a lookup: there is no ZIP to look up. Add their ZIPs in HubSpot first.',
  invalid_zip:
    'Records whose ZIP is in no supported format cannot be fixed by a lookup: the lookup would fail. Correct their ZIPs in HubSpot first.',
  unknown_zip:
    'Records whose ZIP the ZIP table does not know cannot be fixed by a lookup: it has nothing to write. Check their ZIPs in HubSpot.',
  multi_county_zip:
    'Records whose ZIP spans several counties contradict nothing: their county may rightly be any of them, so there is nothing to fix.',
  consistent: 'Consistent records have nothing to fix.',
};

/** The field(s) fixing a class rewrites. */
export const fixedFields = (healthClass: FixableClass): readonly LocationField[] => FIELDS[healthClass];

export const isFixable = (found: AddressClass): found is FixableClass =>
  (FIXABLE_CLASSES as readonly AddressClass[]).includes(found);

/**
 * The fix of a health-check class: a record whose city, state or county contradicts its ZIP gets
 * that one field rewritten from its ZIP in "Always overwrite" (the value it holds is the one found
 * wrong, so "keep what people entered" would leave it). Only that field: the user asked to fix
 * what the check found, and the record's other fields keep their own write modes' verdicts for
 * an ordinary backfill. A class a lookup cannot change (no ZIP, a ZIP the lookup would fail on)
 * or that contradicts nothing is refused, saying why.
 */
export function fixOfClass(found: AddressClass): ClassFix {
  return isFixable(found)
    ? { kind: 'fix', healthClass: found, fields: FIELDS[found] }
    : { kind: 'refused', reason: NOT_FIXABLE[found] };
}

/** A lookup's planned values cut down to what fixing the class writes: its fields, always overwritten. */
export function fixWrites(writes: readonly PlannedWrite[], healthClass: FixableClass): PlannedWrite[] {
  const fields: readonly string[] = FIELDS[healthClass];
  return writes
    .filter((w) => fields.includes(w.field))
    .map((w) => ({ ...w, mode: 'always_overwrite' as const }));
}
