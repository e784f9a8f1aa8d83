import { formatNumber } from '../../../lib/plural';
import { relativeTime } from '@domain/admin/rules';

export const fullDate = (at: number) =>
  new Date(at).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** "Just now", "5m ago", ... or the date; "Never" when there is none. */
export function ago(iso: string | null | undefined, now = Date.now()): string {
  return relativeTime(iso ? Date.parse(iso) : null, now, fullDate);
}

/** Failure reasons are snake_case keys, shown with spaces. */
export const reasonText = (reason: string | null | undefined) => (reason ?? '').replace(/_/g, ' ');

/** A snake_case key title-cased: "zip_not_found" becomes "Zip Not Found". */
export const titleCase = (key: string) =>
  key
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');

export const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}...` : text);

export const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US');
export const date = (iso: string) => new Date(iso).toLocaleDateString('en-US');
export const time = (iso: string) => new Date(iso).toLocaleTimeString('en-US');

/** What stands in for a success rate's caption (or tooltip) while nothing was attempted. */
export const NO_LOOKUPS_YET = 'No lookups yet';

/** A success rate as a percent, or "—" when nothing was attempted (0% would blame no one). */
export const rate = (percent: number, attempts: number) => (attempts === 0 ? '—' : `${percent}%`);

/** The caption under a success rate: how many succeeded, or that there is nothing to rate yet. */
export const rateCaption = (successful: number, attempts: number) =>
  attempts === 0 ? NO_LOOKUPS_YET : `${formatNumber(successful)} successful`;
