/**
 * The admin dashboard's rules, shared by the API (which classifies) and the web app (which
 * shows). Pure: the current time is always passed in.
 */

export type GroupStatus = 'error' | 'warning' | 'success';

/** A request is "error" if any of its steps is an error, "warning" if any warns, else "success". */
export function groupStatus(levels: readonly string[]): GroupStatus {
  if (levels.includes('error')) return 'error';
  if (levels.includes('warn')) return 'warning';
  return 'success';
}

export type UserStatus = 'Deleted' | 'Active' | 'No Credits' | 'Low Credits' | 'Inactive';

/**
 * In priority order: deleted by its owner (whatever it did before, never Active nor Low Credits);
 * used in the last 24 h; out of credits; below the threshold they set; idle.
 */
export function userStatus(user: {
  deleted?: boolean;
  lookups24h: number;
  credits: number;
  creditThreshold: number | null;
}): UserStatus {
  if (user.deleted) return 'Deleted';
  if (user.lookups24h > 0) return 'Active';
  if (user.credits === 0) return 'No Credits';
  if (user.creditThreshold !== null && user.credits < user.creditThreshold) return 'Low Credits';
  return 'Inactive';
}

export type ConfigStatus = 'fully_configured' | 'contact_only' | 'company_only' | 'none';

export function configStatus(hasContactConfig: boolean, hasCompanyConfig: boolean): ConfigStatus {
  if (hasContactConfig && hasCompanyConfig) return 'fully_configured';
  if (hasContactConfig) return 'contact_only';
  if (hasCompanyConfig) return 'company_only';
  return 'none';
}

export const CONFIG_STATUS_LABELS: Record<ConfigStatus, string> = {
  fully_configured: 'Fully Configured',
  contact_only: 'Contact Only',
  company_only: 'Company Only',
  none: 'No Configuration',
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "Just now", "Nm ago", "Nh ago", "Nd ago" within a week, then the full date (the caller formats
 * it, so the domain stays free of clocks and locales); "Never" when missing. Times in epoch ms.
 */
export function relativeTime(
  at: number | null | undefined,
  now: number,
  fullDate: (at: number) => string,
): string {
  if (at === null || at === undefined || Number.isNaN(at)) return 'Never';
  const ago = Math.max(0, now - at);
  if (ago < MINUTE) return 'Just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}m ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}h ago`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)}d ago`;
  return fullDate(at);
}

/**
 * Engagement levels, from the lookups of the last 7 days and the last lookup ever:
 * - "Highly Active": 50 or more lookups in the last 7 days;
 * - "Active": at least one lookup in the last 7 days;
 * - "Recent": last lookup 7 to 30 days ago;
 * - "Dormant": last lookup more than 30 days ago;
 * - "Never Used": no lookup yet.
 */
export const ENGAGEMENT_LEVELS = ['Highly Active', 'Active', 'Recent', 'Dormant', 'Never Used'] as const;
export type EngagementLevel = (typeof ENGAGEMENT_LEVELS)[number];
export const HIGHLY_ACTIVE_LOOKUPS_7D = 50;

/** A lookup this recent makes a user Active, and one this recent Recent. */
export const ACTIVE_WITHIN_MS = 7 * DAY;
export const RECENT_WITHIN_MS = 30 * DAY;

/**
 * The comparisons an engagement level is decided on, each true or false for one user: the
 * dashboard counts users per combination of them in the database, and decides each
 * combination's level once with `levelOf`.
 */
export interface EngagementFacts {
  everLookedUp: boolean;
  /** At least HIGHLY_ACTIVE_LOOKUPS_7D lookups in the last 7 days. */
  highlyActive7d: boolean;
  /** Any lookup in the last 7 days. */
  lookedUp7d: boolean;
  /** The last lookup less than ACTIVE_WITHIN_MS ago. */
  lastWithinActive: boolean;
  /** The last lookup less than RECENT_WITHIN_MS ago. */
  lastWithinRecent: boolean;
}

/** `lastLookupAt` and `now` in epoch ms. */
export function engagementFacts(
  user: { lookups7d: number; lastLookupAt: number | null },
  now: number,
): EngagementFacts {
  const ago = user.lastLookupAt === null ? Infinity : now - user.lastLookupAt;
  return {
    everLookedUp: user.lastLookupAt !== null,
    highlyActive7d: user.lookups7d >= HIGHLY_ACTIVE_LOOKUPS_7D,
    lookedUp7d: user.lookups7d > 0,
    lastWithinActive: ago < ACTIVE_WITHIN_MS,
    lastWithinRecent: ago < RECENT_WITHIN_MS,
  };
}

export function levelOf(f: EngagementFacts): EngagementLevel {
  if (!f.everLookedUp) return 'Never Used';
  if (f.highlyActive7d) return 'Highly Active';
  if (f.lookedUp7d || f.lastWithinActive) return 'Active';
  if (f.lastWithinRecent) return 'Recent';
  return 'Dormant';
}

/** `lastLookupAt` and `now` in epoch ms. */
export function engagementLevel(
  user: { lookups7d: number; lastLookupAt: number | null },
  now: number,
): EngagementLevel {
  return levelOf(engagementFacts(user, now));
}

/** Credit ranges of the distribution chart, lowest first; each balance falls in exactly one. */
export const CREDIT_RANGES = [
  { label: '0', min: 0, max: 0 },
  { label: '1-10', min: 1, max: 10 },
  { label: '11-50', min: 11, max: 50 },
  { label: '51-100', min: 51, max: 100 },
  { label: '101-500', min: 101, max: 500 },
  { label: '501-1000', min: 501, max: 1000 },
  { label: '1001-5000', min: 1001, max: 5000 },
  { label: '5000+', min: 5001, max: Number.MAX_SAFE_INTEGER },
] as const;

export function creditRange(credits: number): string {
  return (CREDIT_RANGES.find((r) => credits >= r.min && credits <= r.max) ?? CREDIT_RANGES[0]).label;
}

/** Percent with one decimal; 0 when nothing happened (not NaN). */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** The Users table's sort fields; the table opens on createdAt, newest first. */
export const USER_SORT_FIELDS = [
  'createdAt',
  'credits',
  'totalLookups',
  'successRate',
  'lastActivity',
] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export const DEFAULT_USER_SORT: { field: UserSortField; direction: 'asc' | 'desc' } = {
  field: 'createdAt',
  direction: 'desc',
};

/**
 * The admin tables list users a page at a time, so the dashboard stays fast with thousands of
 * accounts; the consolidated payload carries each table's first page.
 */
export const USER_PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_USER_PAGE_SIZE = 50;
