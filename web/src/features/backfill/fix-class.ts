import type { BackfillObjectType, BackfillRequest } from '@api/backfill/contract';
import { fixedFields, type FixableClass } from '@domain/address-health/fix';
import { formatNumber } from '../../lib/plural';

/** The backfill that fixes a health-check class: every record with a ZIP read, only the class's written. */
export const fixRequest = (objectType: BackfillObjectType, healthClass: FixableClass): BackfillRequest => ({
  objectType,
  scope: 'all',
  healthClass,
});

/**
 * What fixing a class does and may cost, before its dry run: which field is overwritten, that
 * the saved write modes stay, and up to how many credits (the check's count, "about" when it was
 * estimated).
 */
export function fixExplanation(healthClass: FixableClass, count: number, estimated: boolean): string {
  const records = `${estimated ? 'about ' : ''}${formatNumber(count)} ${count === 1 && !estimated ? 'record' : 'records'}`;
  const fields = fixedFields(healthClass).join(' and ');
  return (
    `A backfill of just these ${records}: the ${fields} of each is overwritten with its ZIP's ` +
    `("Always overwrite" for this job only: your saved write modes stay as they are), and nothing else ` +
    `in it is written. It costs up to ${estimated ? 'about ' : ''}${formatNumber(count)} ` +
    `${count === 1 && !estimated ? 'credit' : 'credits'}, one per record written: the dry run tells exactly.`
  );
}
