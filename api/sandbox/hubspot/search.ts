import type { Express, Request, Response } from 'express';
import { HUBSPOT_PATHS } from '../../adapters/hubspot/api-version';
import {
  filterValue,
  SEARCH_OPERATORS,
  SORTABLE_PROPERTIES,
  type RecordSearch,
  type SearchOperator,
} from './search-query';
import type { SandboxObjectType, SandboxRecord } from './records';
import type { SandboxCrmStore } from './store';

/*
 * HubSpot's CRM search as the sandbox answers it. Sources:
 * - https://developers.hubspot.com/docs/api-reference/search/guide ("Limitations": at most 200
 *   records per page; at most 10,000 results for one query, paging beyond answers 400; five
 *   requests per second per account), as quoted in activepieces/activepieces#10160;
 * - https://github.com/HubSpot/hubspot-api-nodejs/issues/132 (`after` is an offset: any
 *   `after` from 10,000 on is refused, whatever the limit);
 * - https://developers.hubspot.com/docs/api-reference/2026-03/crm/search-the-crm ("Limitations":
 *   at most five filterGroups, up to six filters in each group, 18 filters in all; a request past
 *   them is answered 400 VALIDATION_ERROR). The 2024 changelog
 *   (.../changelog/breaking-change-expanded-filtering-capabilities-and-error-messaging-in-hubspots-search-api)
 *   announced 10 per group and 25 in all; the 2026-03 reference is the one followed here.
 */
export const SEARCH_PAGE_MAX = 200;
export const SEARCH_RESULTS_MAX = 10_000;
const DEFAULT_LIMIT = 10;
export const MAX_GROUPS = 5;
export const MAX_FILTERS_PER_GROUP = 6;
export const MAX_FILTERS = 18;

/** What HubSpot returns when `properties` is not given (its search guide's table). */
const DEFAULT_PROPERTIES: Record<SandboxObjectType, string[]> = {
  contacts: ['createdate', 'email', 'firstname', 'hs_object_id', 'lastmodifieddate', 'lastname'],
  companies: ['createdate', 'domain', 'hs_lastmodifieddate', 'hs_object_id', 'name'],
};

export interface ParsedSearch {
  search: RecordSearch;
  properties: string[] | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The request body as a search, or the message HubSpot's 400 would carry. */
export function parseSearch(body: unknown): ParsedSearch | { problem: string } {
  if (!isRecord(body)) return { problem: 'The request body must be a JSON object' };
  const groupsIn = body.filterGroups ?? [];
  if (!Array.isArray(groupsIn)) return { problem: 'filterGroups must be an array' };
  if (groupsIn.length > MAX_GROUPS) return { problem: `At most ${MAX_GROUPS} filterGroups are allowed` };
  const filterGroups: RecordSearch['filterGroups'] = [];
  let filterCount = 0;
  for (const group of groupsIn) {
    const filtersIn = isRecord(group) ? (group.filters ?? []) : undefined;
    if (!Array.isArray(filtersIn)) return { problem: 'Each filter group must have a filters array' };
    if (filtersIn.length > MAX_FILTERS_PER_GROUP)
      return { problem: `At most ${MAX_FILTERS_PER_GROUP} filters are allowed in a filter group` };
    filterCount += filtersIn.length;
    const filters: RecordSearch['filterGroups'][number]['filters'] = [];
    for (const f of filtersIn) {
      const parsed = parseFilter(f);
      if ('problem' in parsed) return parsed;
      filters.push(parsed);
    }
    filterGroups.push({ filters });
  }
  if (filterCount > MAX_FILTERS) return { problem: `At most ${MAX_FILTERS} filters are allowed in all` };

  const sortsIn = body.sorts ?? [];
  if (!Array.isArray(sortsIn)) return { problem: 'sorts must be an array' };
  if (sortsIn.length > 1) return { problem: 'Only one sort is allowed' };
  const sort = parseSort(sortsIn[0]);
  if ('problem' in sort) return sort;

  const limit = body.limit === undefined ? DEFAULT_LIMIT : Number(body.limit);
  if (!Number.isInteger(limit) || limit < 1) return { problem: 'limit must be a whole number from 1' };
  if (limit > SEARCH_PAGE_MAX) return { problem: `limit must be at most ${SEARCH_PAGE_MAX}` };
  const afterIn = body.after === undefined || body.after === null ? '0' : String(body.after);
  if (!/^\d+$/.test(afterIn)) return { problem: 'after must be the paging.next.after of a previous page' };
  const offset = Number(afterIn);
  if (offset >= SEARCH_RESULTS_MAX)
    return {
      problem: `Search returns at most ${SEARCH_RESULTS_MAX} results for one query: after must be below ${SEARCH_RESULTS_MAX}. Narrow the query (e.g. hs_object_id GT the last id seen) and start again.`,
    };

  const propertiesIn = body.properties;
  if (
    propertiesIn !== undefined &&
    (!Array.isArray(propertiesIn) || propertiesIn.some((p) => typeof p !== 'string'))
  )
    return { problem: 'properties must be an array of property names' };
  return {
    search: { filterGroups, sort, limit, offset },
    properties: propertiesIn as string[] | undefined,
  };
}

function parseFilter(
  f: unknown,
): RecordSearch['filterGroups'][number]['filters'][number] | { problem: string } {
  if (!isRecord(f) || typeof f.propertyName !== 'string' || !f.propertyName)
    return { problem: 'Each filter needs a propertyName' };
  const operator = String(f.operator);
  if (!(SEARCH_OPERATORS as readonly string[]).includes(operator))
    return {
      problem: `Operator ${operator} is not one the sandbox supports: ${SEARCH_OPERATORS.join(', ')}`,
    };
  const op = operator as SearchOperator;
  if (op === 'HAS_PROPERTY' || op === 'NOT_HAS_PROPERTY')
    return { propertyName: f.propertyName, operator: op };
  if (typeof f.value !== 'string' && typeof f.value !== 'number')
    return { problem: `The ${op} filter on ${f.propertyName} needs a value` };
  const value = filterValue(f.propertyName, String(f.value));
  if ('problem' in value) return value;
  return { propertyName: f.propertyName, operator: op, value: value.value };
}

function parseSort(s: unknown): RecordSearch['sort'] | { problem: string } {
  if (s === undefined) return { propertyName: 'hs_object_id', direction: 'ASCENDING' };
  // HubSpot takes a sort as an object, or as a name with "-" in front for descending.
  const sort =
    typeof s === 'string'
      ? { propertyName: s.replace(/^-/, ''), direction: s.startsWith('-') ? 'DESCENDING' : 'ASCENDING' }
      : isRecord(s)
        ? { propertyName: String(s.propertyName), direction: String(s.direction ?? 'ASCENDING') }
        : undefined;
  if (!sort || (sort.direction !== 'ASCENDING' && sort.direction !== 'DESCENDING'))
    return { problem: 'A sort needs a propertyName and a direction of ASCENDING or DESCENDING' };
  if (!SORTABLE_PROPERTIES.includes(sort.propertyName))
    return { problem: `The sandbox sorts by ${SORTABLE_PROPERTIES.join(', ')}` };
  return sort as RecordSearch['sort'];
}

/** A record as a search result: the asked properties, with id and dates from the record itself. */
export function searchResult(record: SandboxRecord, type: SandboxObjectType, asked: string[] | undefined) {
  const names = new Set([
    'hs_object_id',
    'createdate',
    type === 'contacts' ? 'lastmodifieddate' : 'hs_lastmodifieddate',
    ...(asked ?? DEFAULT_PROPERTIES[type]),
  ]);
  const own: Record<string, string> = {
    hs_object_id: record.id,
    createdate: record.createdAt,
    lastmodifieddate: record.updatedAt,
    hs_lastmodifieddate: record.updatedAt,
  };
  return {
    id: record.id,
    properties: Object.fromEntries([...names].map((n) => [n, own[n] ?? record.properties[n] ?? null])),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    archived: false,
  };
}

export interface SandboxSearchDeps {
  store: SandboxCrmStore;
  /** The portal the bearer token is for, after the portal's rate limits; undefined once answered. */
  portalOfRequest(req: Request, res: Response, search: boolean): Promise<string | undefined>;
  objectTypeOf(req: Request, res: Response): SandboxObjectType | undefined;
  hubspotError(res: Response, status: number, category: string, message: string): void;
}

export function sandboxSearchRoutes(app: Express, base: string, deps: SandboxSearchDeps) {
  app.post(`${base}${HUBSPOT_PATHS.search(':objectType')}`, async (req, res) => {
    const portalId = await deps.portalOfRequest(req, res, true);
    const type = portalId && deps.objectTypeOf(req, res);
    if (!portalId || !type) return;
    const parsed = parseSearch(req.body);
    if ('problem' in parsed) return deps.hubspotError(res, 400, 'VALIDATION_ERROR', parsed.problem);
    const { total, records } = await deps.store.search(portalId, type, parsed.search);
    const next = parsed.search.offset + records.length;
    res.json({
      total,
      results: records.map((r) => searchResult(r, type, parsed.properties)),
      // As HubSpot: a next page is offered while results remain, even one past 10,000 that it refuses.
      ...(next < total && records.length > 0 ? { paging: { next: { after: String(next) } } } : {}),
    });
  });
}
