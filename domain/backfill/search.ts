import type { CrmObjectTypeName } from '../lookups/webhook-event';
import type { BackfillScope } from './events';

/** The shape of HubSpot's CRM search request, as the client sends it. */
export interface SearchFilter {
  propertyName: string;
  operator: 'HAS_PROPERTY' | 'NOT_HAS_PROPERTY' | 'EQ' | 'NEQ' | 'GT' | 'GTE' | 'LT' | 'LTE';
  value?: string;
}

export interface SearchQuery {
  filterGroups: { filters: SearchFilter[] }[];
  sorts: { propertyName: string; direction: 'ASCENDING' | 'DESCENDING' }[];
  properties: string[];
  limit: number;
  after?: string;
}

/** HubSpot's search answers at most 200 records a page… */
export const SEARCH_PAGE_MAX = 200;
/** …and at most 10,000 for one query, however it is paged. */
export const SEARCH_RESULT_CEILING = 10_000;

/**
 * What one search may ask: the stricter of HubSpot's documented limits. The search guide
 * (developers.hubspot.com/docs/api-reference/2026-03/crm/search-the-crm, "Limitations") allows
 * five filter groups of up to six filters, 18 filters in all; the 2024 changelog ("Expanded
 * filtering capabilities") announced 25 and 10. A search past them is refused whole (400).
 */
export const SEARCH_LIMITS = { groups: 5, filtersPerGroup: 6, filters: 18 } as const;

/** Whether HubSpot takes these filter groups, by SEARCH_LIMITS. */
export function withinSearchLimits(filterGroups: readonly { filters: readonly SearchFilter[] }[]): boolean {
  const filters = filterGroups.reduce((n, g) => n + g.filters.length, 0);
  return (
    filterGroups.length <= SEARCH_LIMITS.groups &&
    filterGroups.every((g) => g.filters.length <= SEARCH_LIMITS.filtersPerGroup) &&
    filters <= SEARCH_LIMITS.filters
  );
}

export const OBJECT_ID_PROPERTY = 'hs_object_id';

/** When HubSpot created a record (ms since the epoch in a filter), on contacts and companies alike. */
export const CREATED_PROPERTY = 'createdate';

/** HubSpot names the time a record last changed differently on contacts and on companies. */
export const LAST_MODIFIED_PROPERTY: Record<CrmObjectTypeName, string> = {
  contact: 'lastmodifieddate',
  company: 'hs_lastmodifieddate',
};

/**
 * What a search reads: a backfill's scope (records with a ZIP), or every record, with a ZIP or
 * without, for a health check that counts the records lacking one.
 */
export type SearchScope = BackfillScope | 'every_record';

/** What a job, a dry run or a health check reads. */
export interface BackfillSearch {
  objectType: CrmObjectTypeName;
  zipProperty: string;
  /** The CRM properties the portal's mapping writes on this object type. */
  mappedProperties: readonly string[];
  scope: SearchScope;
  /** YYYY-MM-DD (UTC), or null. */
  changedSince: string | null;
  /** ms since the epoch: only records created up to then (recordsCreatedUpTo). */
  createdUpTo: number;
}

/**
 * A job reads the records there were when it started, the time its BackfillStarted recorded (so a
 * resume, or a runner taking over after a crash, reads the same ones); a dry run, those there are
 * when it runs. Records created later are filled by the live lookups of their ZIP, and records
 * that keep arriving cannot keep a job going.
 */
export const recordsCreatedUpTo = (startedAt: string): number => Date.parse(startedAt);

/** Where reading goes on: above an id (a fresh query), and `after` within that query. */
export interface SearchPosition {
  aboveId: string | null;
  after?: string;
}

/**
 * The search for a scope: records with a value in the ZIP property (every record in scope
 * 'every_record'); in scope 'empty' only those
 * with at least one mapped property empty (HubSpot ORs filter groups, so one group per mapped
 * property); created up to `createdUpTo`; changed on or after `changedSince` when given; above
 * the position's id, in ascending id order so that "above the last id seen" is exactly where
 * reading stopped. Where the groups of scope 'empty' would pass HubSpot's limits (five mapped
 * properties, or four with a date and a position), the search asks for every record with a ZIP
 * instead: the scope is decided on each record read all the same (records.ts, inEmptyScope), so
 * the job reads more records, never other ones.
 */
export function searchQuery(search: BackfillSearch, position: SearchPosition, limit: number): SearchQuery {
  const common: SearchFilter[] = [
    ...(search.scope === 'every_record'
      ? []
      : [{ propertyName: search.zipProperty, operator: 'HAS_PROPERTY' as const }]),
    { propertyName: CREATED_PROPERTY, operator: 'LTE', value: String(search.createdUpTo) },
  ];
  if (search.changedSince)
    common.push({
      propertyName: LAST_MODIFIED_PROPERTY[search.objectType],
      operator: 'GTE',
      value: String(Date.parse(`${search.changedSince}T00:00:00.000Z`)),
    });
  if (position.aboveId !== null)
    common.push({ propertyName: OBJECT_ID_PROPERTY, operator: 'GT', value: position.aboveId });
  const emptyGroups = search.mappedProperties.map((property) => ({
    filters: [...common, { propertyName: property, operator: 'NOT_HAS_PROPERTY' as const }],
  }));
  const filterGroups =
    search.scope === 'empty' && emptyGroups.length > 0 && withinSearchLimits(emptyGroups)
      ? emptyGroups
      : [{ filters: common }];
  return {
    filterGroups,
    sorts: [{ propertyName: OBJECT_ID_PROPERTY, direction: 'ASCENDING' }],
    properties: [...new Set([search.zipProperty, ...search.mappedProperties])],
    limit: Math.min(Math.max(1, limit), SEARCH_PAGE_MAX),
    ...(position.after !== undefined ? { after: position.after } : {}),
  };
}

/**
 * Where to read next after a page, or null when the page was the last. Paging goes on with
 * `after` while the query stays under HubSpot's 10,000-result ceiling, and restarts the query
 * above the last id seen before it would cross it.
 */
export function nextPosition(
  position: SearchPosition,
  page: { results: readonly { id: string }[]; after?: string },
  limit: number,
): SearchPosition | null {
  const last = page.results.at(-1);
  if (!last || page.after === undefined) return null;
  const offset = Number(page.after);
  if (Number.isSafeInteger(offset) && offset + limit <= SEARCH_RESULT_CEILING)
    return { aboveId: position.aboveId, after: page.after };
  return { aboveId: last.id };
}
