import type {
  BackfillDryRunAnswer,
  BackfillObjectType,
  BackfillRequest,
  BackfillScope,
} from '@api/backfill/contract';
import { countOf, formatNumber } from '../../lib/plural';

/** The dialog's choices as the form holds them: an empty date means no date. */
export interface BackfillChoices {
  objectType: BackfillObjectType;
  scope: BackfillScope;
  changedSince: string;
}

export const DEFAULT_CHOICES: BackfillChoices = { objectType: 'contact', scope: 'empty', changedSince: '' };

export function requestOf(choices: BackfillChoices): BackfillRequest {
  const { objectType, scope, changedSince } = choices;
  return changedSince ? { objectType, scope, changedSince } : { objectType, scope };
}

/** Two requests ask for the same job: same records, same fix. */
export const sameRequest = (a: BackfillRequest | undefined, b: BackfillRequest): boolean =>
  a !== undefined &&
  a.objectType === b.objectType &&
  a.scope === b.scope &&
  (a.changedSince ?? '') === (b.changedSince ?? '') &&
  a.healthClass === b.healthClass;

/** A job may start only with the request its dry run was shown for. */
export const dryRunMatches = (dryRun: BackfillDryRunAnswer | undefined, request: BackfillRequest): boolean =>
  sameRequest(dryRun?.request, request);

/** How far the balance falls short of the credits a job would take; 0 when it covers them. */
export const creditShortfall = (dryRun: Pick<BackfillDryRunAnswer, 'creditsNeeded' | 'balance'>): number =>
  Math.max(0, dryRun.creditsNeeded - dryRun.balance);

/**
 * What the dialog says while a dry run reads: up to 10,000 records through HubSpot's search, 200
 * at a time, about 12.5 s for a large portal, longer while live lookups take the portal's calls.
 */
export const DRY_RUN_READING = 'Reading your HubSpot records... A large portal can take up to half a minute.';

/** A figure of the dry run: "about 1,204" when it was estimated from a sample. */
export const dryRunFigure = (dryRun: Pick<BackfillDryRunAnswer, 'estimate'>, count: number): string =>
  dryRun.estimate ? `about ${formatNumber(count)}` : formatNumber(count);

/**
 * How the records in scope break down, as one sum that adds up: those that would be filled (a
 * credit each), those with nothing to update and those that would fail.
 */
export function dryRunSum(
  dryRun: Pick<BackfillDryRunAnswer, 'recordsInScope' | 'creditsNeeded' | 'nothingToUpdate' | 'estimate'>,
  failing: number,
): string {
  const figure = (count: number) => dryRunFigure(dryRun, count);
  return (
    `${figure(dryRun.recordsInScope)} in scope = ${figure(dryRun.creditsNeeded)} to fill + ` +
    `${figure(dryRun.nothingToUpdate)} with nothing to update + ${figure(failing)} that would fail.`
  );
}

/** Where an estimated dry run's figures come from; null when every record in scope was read. */
export function estimateNote(
  dryRun: Pick<BackfillDryRunAnswer, 'estimate' | 'recordsInScope'>,
): string | null {
  if (!dryRun.estimate) return null;
  return (
    `Estimated from the first ${formatNumber(dryRun.estimate.examined)} of ` +
    `${countOf(dryRun.recordsInScope, 'record')} (the oldest): the job itself reads every record.`
  );
}

/** Why the balance falls short, and what happens then (a "Buy credits" link follows it). */
export function shortfallText(
  dryRun: Pick<BackfillDryRunAnswer, 'creditsNeeded' | 'balance' | 'recordsCovered' | 'estimate'>,
): string {
  const [of, about] = dryRun.estimate ? ['about', 'about '] : ['the', ''];
  return (
    `Your balance covers ${countOf(dryRun.recordsCovered, 'record')} of ${of} ` +
    `${formatNumber(dryRun.creditsNeeded)} expected to be filled: ` +
    `${about}${countOf(creditShortfall(dryRun), 'more credit')} would be needed. ` +
    'The job stops when the credits run out and carries on after a purchase.'
  );
}
