import { describe, expect, it } from 'vitest';
import {
  nextPosition,
  recordsCreatedUpTo,
  searchQuery,
  withinSearchLimits,
  type BackfillSearch,
} from './search';

const startedAt = '2026-11-24T10:00:00.123Z';
const search: BackfillSearch = {
  objectType: 'contact',
  zipProperty: 'zip',
  mappedProperties: ['city', 'state'],
  scope: 'all',
  changedSince: null,
  createdUpTo: recordsCreatedUpTo(startedAt),
};
const createdUpToStart = {
  propertyName: 'createdate',
  operator: 'LTE',
  value: String(Date.parse(startedAt)),
};
const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: String(from + i) }));

describe('the search a backfill reads', () => {
  it('reads every record with a value in the ZIP property, in ascending id order', () => {
    expect(searchQuery(search, { aboveId: null }, 200)).toEqual({
      filterGroups: [{ filters: [{ propertyName: 'zip', operator: 'HAS_PROPERTY' }, createdUpToStart] }],
      sorts: [{ propertyName: 'hs_object_id', direction: 'ASCENDING' }],
      properties: ['zip', 'city', 'state'],
      limit: 200,
    });
  });

  it('for a health check reads every record, with a ZIP or without, with the ZIP and mapped properties', () => {
    expect(searchQuery({ ...search, scope: 'every_record' }, { aboveId: '7' }, 200)).toEqual({
      filterGroups: [
        { filters: [createdUpToStart, { propertyName: 'hs_object_id', operator: 'GT', value: '7' }] },
      ],
      sorts: [{ propertyName: 'hs_object_id', direction: 'ASCENDING' }],
      properties: ['zip', 'city', 'state'],
      limit: 200,
    });
  });

  it('in scope "empty" reads the records with at least one mapped property empty (one group per property)', () => {
    const query = searchQuery({ ...search, scope: 'empty' }, { aboveId: null }, 200);
    expect(query.filterGroups).toEqual([
      {
        filters: [
          { propertyName: 'zip', operator: 'HAS_PROPERTY' },
          createdUpToStart,
          { propertyName: 'city', operator: 'NOT_HAS_PROPERTY' },
        ],
      },
      {
        filters: [
          { propertyName: 'zip', operator: 'HAS_PROPERTY' },
          createdUpToStart,
          { propertyName: 'state', operator: 'NOT_HAS_PROPERTY' },
        ],
      },
    ]);
  });

  it('reads only records changed on or after the day given, by the object type’s last-modified property', () => {
    const since = Date.parse('2026-11-01T00:00:00.000Z');
    expect(
      searchQuery({ ...search, changedSince: '2026-11-01' }, { aboveId: null }, 200).filterGroups[0]!.filters,
    ).toContainEqual({ propertyName: 'lastmodifieddate', operator: 'GTE', value: String(since) });
    expect(
      searchQuery({ ...search, objectType: 'company', changedSince: '2026-11-01' }, { aboveId: null }, 200)
        .filterGroups[0]!.filters,
    ).toContainEqual({ propertyName: 'hs_lastmodifieddate', operator: 'GTE', value: String(since) });
  });

  it('reads above the last id seen, in every filter group', () => {
    const query = searchQuery({ ...search, scope: 'empty' }, { aboveId: '5000' }, 200);
    for (const group of query.filterGroups)
      expect(group.filters).toContainEqual({ propertyName: 'hs_object_id', operator: 'GT', value: '5000' });
  });

  it('reads only the records created up to the job’s start (to the millisecond), in every filter group and on every page', () => {
    expect(recordsCreatedUpTo(startedAt)).toBe(Date.parse('2026-11-24T10:00:00.123Z'));
    for (const position of [{ aboveId: null }, { aboveId: '5000' }, { aboveId: '5000', after: '200' }]) {
      const query = searchQuery({ ...search, scope: 'empty', objectType: 'company' }, position, 200);
      for (const group of query.filterGroups) expect(group.filters).toContainEqual(createdUpToStart);
    }
  });

  it('stays within HubSpot’s search limits (5 groups, 6 filters a group, 18 in all) for every mapping of both object types', () => {
    const all = ['city', 'state', 'county', 'country', 'hs_timezone'];
    for (const objectType of ['contact', 'company'] as const)
      for (let n = 1; n <= all.length; n++)
        for (const changedSince of [null, '2026-11-01'])
          for (const aboveId of [null, '5000']) {
            const query = searchQuery(
              { ...search, objectType, scope: 'empty', changedSince, mappedProperties: all.slice(0, n) },
              { aboveId },
              200,
            );
            expect(withinSearchLimits(query.filterGroups)).toBe(true);
          }
  });

  it('in scope "empty", asks for every record with a ZIP where one group per mapped property would pass the limits', () => {
    const query = searchQuery(
      {
        ...search,
        scope: 'empty',
        changedSince: '2026-11-01',
        mappedProperties: ['city', 'state', 'county', 'country', 'hs_timezone'],
      },
      { aboveId: '5000' },
      200,
    );
    expect(query.filterGroups).toHaveLength(1);
    expect(query.filterGroups[0]!.filters.map((f) => f.operator)).not.toContain('NOT_HAS_PROPERTY');
    const fewer = searchQuery(
      { ...search, scope: 'empty', mappedProperties: ['city', 'state', 'county', 'country'] },
      { aboveId: '5000' },
      200,
    );
    expect(fewer.filterGroups).toHaveLength(4);
  });

  it('counts a search past any one of HubSpot’s limits as refused', () => {
    const filter = { propertyName: 'zip', operator: 'HAS_PROPERTY' as const };
    const group = (n: number) => ({ filters: Array.from({ length: n }, () => filter) });
    expect(withinSearchLimits([group(6), group(6), group(6)])).toBe(true);
    expect(withinSearchLimits([group(7)])).toBe(false);
    expect(withinSearchLimits([group(5), group(5), group(5), group(4)])).toBe(false);
    expect(withinSearchLimits(Array.from({ length: 6 }, () => group(1)))).toBe(false);
  });

  it('asks for at most 200 records a page, HubSpot’s limit', () => {
    expect(searchQuery(search, { aboveId: null }, 1000).limit).toBe(200);
  });

  it('pages with after while the query stays under 10,000 results', () => {
    expect(nextPosition({ aboveId: null }, { results: ids(1, 200), after: '200' }, 200)).toEqual({
      aboveId: null,
      after: '200',
    });
  });

  it('restarts the query above the last id seen before crossing 10,000 results', () => {
    expect(
      nextPosition({ aboveId: null, after: '9800' }, { results: ids(9801, 200), after: '10000' }, 200),
    ).toEqual({
      aboveId: '10000',
    });
  });

  it('ends after the last page', () => {
    expect(nextPosition({ aboveId: null }, { results: ids(1, 12) }, 200)).toBeNull();
    expect(nextPosition({ aboveId: null }, { results: [], after: '200' }, 200)).toBeNull();
  });
});
