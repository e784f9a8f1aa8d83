import { apportion, type SampleRead } from '../backfill/estimate';
import type { AddressClass } from './classify';

/** Every class a health check counts, in the order the classifier tries them. */
export const ADDRESS_CLASSES = [
  'no_zip',
  'invalid_zip',
  'unknown_zip',
  'city_not_accepted',
  'state_not_zips',
  'county_not_zips',
  'multi_county_zip',
  'consistent',
] as const satisfies readonly AddressClass[];

export type ClassCounts = Record<AddressClass, number>;

export const noCounts = (): ClassCounts =>
  Object.fromEntries(ADDRESS_CLASSES.map((c) => [c, 0])) as ClassCounts;

/** A health check's figures: exact, or estimated from the first `examined` records. */
export interface HealthFigures {
  /** Every record of the object type: the counts add up to it. */
  records: number;
  counts: ClassCounts;
  /** Present only when the counts were scaled from the records read. */
  estimate?: { examined: number };
}

/**
 * The counts of a health check from the classes of the records it read. When it read every record
 * the search finds (or HubSpot counts no more than it read), they are exact. Otherwise each class
 * is scaled from the records read to HubSpot's count, apportioned as the backfill's dry run does,
 * so that the classes add up to exactly the records counted and a class seen is never estimated
 * at none. The records read are those with the lowest ids, the oldest: not a random sample.
 */
export function healthFigures(sample: ClassCounts, read: SampleRead): HealthFigures {
  const examined = ADDRESS_CLASSES.reduce((sum, c) => sum + sample[c], 0);
  // Nothing read tells nothing of the classes: no figure is made up.
  if (read.readAll || read.total <= examined || examined === 0) return { records: examined, counts: sample };
  const scaled = apportion(
    ADDRESS_CLASSES.map((c) => sample[c]),
    examined,
    read.total,
  );
  return {
    records: read.total,
    counts: Object.fromEntries(ADDRESS_CLASSES.map((c, i) => [c, scaled[i]!])) as ClassCounts,
    estimate: { examined },
  };
}
