import type {
  BackfillDryRunAnswer,
  BackfillObjectType,
  BackfillRequest,
  BackfillScope,
} from '@api/backfill/contract';

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

/** A job may start only with the choices its dry run was shown for. */
export function dryRunMatches(dryRun: BackfillDryRunAnswer | undefined, choices: BackfillChoices): boolean {
  if (!dryRun) return false;
  const shown = dryRun.request;
  return (
    shown.objectType === choices.objectType &&
    shown.scope === choices.scope &&
    (shown.changedSince ?? '') === choices.changedSince
  );
}

/** How far the balance falls short of the credits a job would take; 0 when it covers them. */
export const creditShortfall = (dryRun: Pick<BackfillDryRunAnswer, 'creditsNeeded' | 'balance'>): number =>
  Math.max(0, dryRun.creditsNeeded - dryRun.balance);
