import { sql, type RawBuilder } from 'kysely';
import type { SandboxDb } from '../db';
import type { SandboxObjectType, SandboxRecord } from './records';

/**
 * The sandbox's search request after validation (search.ts), in HubSpot's words.
 * HubSpot: https://developers.hubspot.com/docs/api-reference/search/guide (filterGroups are ORed,
 * the filters of a group ANDed; one sort; `after` is an offset into the results).
 */
export interface RecordSearch {
  filterGroups: { filters: { propertyName: string; operator: SearchOperator; value?: string }[] }[];
  sort: { propertyName: string; direction: 'ASCENDING' | 'DESCENDING' };
  limit: number;
  offset: number;
}

export const SEARCH_OPERATORS = [
  'HAS_PROPERTY',
  'NOT_HAS_PROPERTY',
  'EQ',
  'NEQ',
  'GT',
  'GTE',
  'LT',
  'LTE',
] as const;
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];

/** The properties the sandbox keeps in columns rather than in the properties document. */
const COLUMN_PROPERTIES = {
  hs_object_id: { column: sql`id::bigint`, kind: 'number' },
  createdate: { column: sql`created_at`, kind: 'time' },
  lastmodifieddate: { column: sql`updated_at`, kind: 'time' },
  hs_lastmodifieddate: { column: sql`updated_at`, kind: 'time' },
} as const;
type ColumnProperty = keyof typeof COLUMN_PROPERTIES;

const isColumnProperty = (name: string): name is ColumnProperty => Object.hasOwn(COLUMN_PROPERTIES, name);

/** The properties a search can sort on: each has an index (2026_11_28_0002_sandbox_record_search). */
export const SORTABLE_PROPERTIES: readonly string[] = Object.keys(COLUMN_PROPERTIES);

const COMPARISONS: Record<Exclude<SearchOperator, 'HAS_PROPERTY' | 'NOT_HAS_PROPERTY'>, string> = {
  EQ: '=',
  NEQ: 'IS DISTINCT FROM',
  GT: '>',
  GTE: '>=',
  LT: '<',
  LTE: '<=',
};

/**
 * A filter's value as the column compares it, or why it cannot be: hs_object_id takes a whole
 * number, dates take milliseconds since the epoch (as HubSpot's search does) or an ISO date.
 */
export function filterValue(propertyName: string, value: string): { value: string } | { problem: string } {
  if (!isColumnProperty(propertyName)) return { value };
  if (COLUMN_PROPERTIES[propertyName].kind === 'number')
    return /^\d{1,18}$/.test(value) ? { value } : { problem: `${propertyName} compares with a whole number` };
  const time = /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  return Number.isNaN(time.getTime())
    ? { problem: `${propertyName} compares with a timestamp in milliseconds` }
    : { value: time.toISOString() };
}

function condition(filter: RecordSearch['filterGroups'][number]['filters'][number]): RawBuilder<boolean> {
  const { propertyName, operator } = filter;
  if (isColumnProperty(propertyName)) {
    // Every record has an id, a creation and a modification date.
    if (operator === 'HAS_PROPERTY') return sql<boolean>`TRUE`;
    if (operator === 'NOT_HAS_PROPERTY') return sql<boolean>`FALSE`;
    const { column, kind } = COLUMN_PROPERTIES[propertyName];
    if (kind === 'time') return timeCondition(column, operator, filter.value!);
    return sql<boolean>`${column} ${sql.raw(COMPARISONS[operator])} ${filter.value}::bigint`;
  }
  // HubSpot holds an emptied property as no value: HAS_PROPERTY is false for "".
  const text = sql`(properties ->> ${propertyName})`;
  if (operator === 'HAS_PROPERTY') return sql<boolean>`coalesce(${text}, '') <> ''`;
  if (operator === 'NOT_HAS_PROPERTY') return sql<boolean>`coalesce(${text}, '') = ''`;
  return sql<boolean>`${text} ${sql.raw(COMPARISONS[operator])} ${filter.value}`;
}

/**
 * HubSpot keeps a record's dates to the millisecond; the sandbox's columns hold microseconds (a
 * record put in by SQL's now()). A date compares as HubSpot's would: as the millisecond it falls
 * in, by moving the bound rather than the column, so the indexes still serve.
 */
function timeCondition(
  column: RawBuilder<unknown>,
  operator: Exclude<SearchOperator, 'HAS_PROPERTY' | 'NOT_HAS_PROPERTY'>,
  value: string,
): RawBuilder<boolean> {
  const from = sql`${value}::timestamptz`;
  const next = sql`${new Date(Date.parse(value) + 1).toISOString()}::timestamptz`;
  switch (operator) {
    case 'EQ':
      return sql<boolean>`(${column} >= ${from} AND ${column} < ${next})`;
    case 'NEQ':
      return sql<boolean>`NOT (${column} >= ${from} AND ${column} < ${next})`;
    case 'GT':
      return sql<boolean>`${column} >= ${next}`;
    case 'GTE':
      return sql<boolean>`${column} >= ${from}`;
    case 'LT':
      return sql<boolean>`${column} < ${from}`;
    case 'LTE':
      return sql<boolean>`${column} < ${next}`;
  }
}

function matching(groups: RecordSearch['filterGroups']): RawBuilder<boolean> {
  if (groups.length === 0) return sql<boolean>`TRUE`;
  const ored = groups.map((g) =>
    g.filters.length === 0
      ? sql<boolean>`TRUE`
      : sql<boolean>`(${sql.join(g.filters.map(condition), sql` AND `)})`,
  );
  return sql<boolean>`(${sql.join(ored, sql` OR `)})`;
}

/** One page of a portal's records matching the search, and how many match in all. */
export async function searchRecords(
  db: SandboxDb,
  portalId: string,
  objectType: SandboxObjectType,
  search: RecordSearch,
): Promise<{ total: number; records: SandboxRecord[] }> {
  const where = matching(search.filterGroups);
  const base = db
    .selectFrom('sandbox_records')
    .where('portal_id', '=', portalId)
    .where('object_type', '=', objectType)
    .where(where);
  const direction = sql.raw(search.sort.direction === 'DESCENDING' ? 'DESC' : 'ASC');
  const sortColumn = isColumnProperty(search.sort.propertyName)
    ? COLUMN_PROPERTIES[search.sort.propertyName].column
    : COLUMN_PROPERTIES.hs_object_id.column;
  const rows = await base
    .select(['id', 'properties', 'created_at', 'updated_at', 'last_change_source'])
    .orderBy(sql`${sortColumn} ${direction}`)
    .orderBy(sql`id::bigint ${direction}`)
    .limit(search.limit)
    .offset(search.offset)
    .execute();
  const counted = await base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  return {
    total: Number(counted.total),
    records: rows.map((r) => ({
      id: r.id,
      properties: typeof r.properties === 'string' ? JSON.parse(r.properties) : r.properties,
      lastChangeSource: r.last_change_source,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    })),
  };
}
