import type { AddressClass, HealthCheckAnswer } from '@api/address-health/contract';
import { ADDRESS_CLASSES } from '@domain/address-health/figures';
import { countOf, formatNumber } from '../../lib/plural';

interface ClassWords {
  /** Short enough for the chart's axis at 360 px. */
  short: string;
  /** What the class means, as the examples' heading says it. */
  long: string;
  /** Only informative: nothing in the record contradicts its ZIP. */
  informative?: true;
}

const CLASSES: Record<AddressClass, ClassWords> = {
  no_zip: { short: 'No ZIP', long: 'No ZIP' },
  invalid_zip: { short: 'Invalid ZIP', long: 'A ZIP in no supported format' },
  unknown_zip: { short: 'Unknown ZIP', long: 'A ZIP the ZIP table does not know' },
  city_not_accepted: { short: 'Wrong city', long: 'City not an accepted name for its ZIP' },
  state_not_zips: { short: 'Wrong state', long: "State not the ZIP's" },
  county_not_zips: { short: 'Wrong county', long: "County not among the ZIP's counties" },
  multi_county_zip: {
    short: 'Several counties',
    long: 'ZIP spanning several counties (informative: its county may be any of them)',
    informative: true,
  },
  consistent: { short: 'Consistent', long: 'Consistent', informative: true },
};

export const classLabel = (found: AddressClass): string => CLASSES[found].short;
export const classTitle = (found: AddressClass): string => CLASSES[found].long;
export const isProblem = (found: AddressClass): boolean => !CLASSES[found].informative;

/** The classes in the classifier's order, each with its count. */
export const classRows = (counts: HealthCheckAnswer['counts']) =>
  ADDRESS_CLASSES.map((found) => ({ found, label: classLabel(found), count: counts[found] }));

/** A figure of the check: "about 1,204" when it was estimated from a sample. */
export const healthFigure = (answer: Pick<HealthCheckAnswer, 'estimate'>, count: number): string =>
  answer.estimate ? `about ${formatNumber(count)}` : formatNumber(count);

/** Records with something to fix (every class but the informative ones). */
export const problemCount = (counts: HealthCheckAnswer['counts']): number =>
  ADDRESS_CLASSES.filter(isProblem).reduce((sum, found) => sum + counts[found], 0);

/** The button that turns a class into its fix: "Fix these 312 records", "about" when estimated. */
export function fixButtonText(answer: Pick<HealthCheckAnswer, 'estimate'>, count: number): string {
  if (answer.estimate) return `Fix these records (about ${formatNumber(count)})`;
  return count === 1 ? 'Fix this record' : `Fix these ${formatNumber(count)} records`;
}

/** Where an estimated check's counts come from; null when every record was read. */
export function healthEstimateNote(
  answer: Pick<HealthCheckAnswer, 'estimate' | 'recordsInScope'>,
): string | null {
  if (!answer.estimate) return null;
  return (
    `Estimated from the first ${formatNumber(answer.estimate.examined)} of ` +
    `${countOf(answer.recordsInScope, 'record')} (the oldest): the CSV lists those.`
  );
}

/** "Wrong state: 3, Consistent: 12": the chart's numbers for whoever cannot see it. */
export const healthSummary = (counts: HealthCheckAnswer['counts']): string =>
  classRows(counts)
    .map(({ label, count }) => `${label}: ${count}`)
    .join(', ');

/**
 * What the dialog says while the check reads: up to 10,000 records through HubSpot's search, 200
 * at a time, about 12.5 s for a large portal, longer while live lookups take the portal's calls.
 */
export const HEALTH_READING = 'Reading your HubSpot records... A large portal can take up to half a minute.';
