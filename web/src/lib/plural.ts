const rules = new Intl.PluralRules('en-US');
const numbers = new Intl.NumberFormat('en-US');

/** Every number the app shows, one format: thousands separated ("1,971"). */
export function formatNumber(n: number): string {
  return numbers.format(n);
}

/**
 * A count with its noun in the right number: "1 step", "2 steps", "1,204 users". The plural is
 * the noun plus "s" unless given.
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${numbers.format(count)} ${rules.select(count) === 'one' ? singular : plural}`;
}
