import { describe, expect, it } from 'vitest';
import type { PlannedWrite } from '../lookups/write-modes';
import { fixOfClass, fixWrites } from './fix';

describe('fixing a health-check class', () => {
  it('rewrites the city of records whose city is not an accepted name of their ZIP', () => {
    expect(fixOfClass('city_not_accepted')).toEqual({
      kind: 'fix',
      healthClass: 'city_not_accepted',
      fields: ['city'],
    });
  });

  it('rewrites the state of records whose state is not their ZIP’s', () => {
    expect(fixOfClass('state_not_zips')).toEqual({
      kind: 'fix',
      healthClass: 'state_not_zips',
      fields: ['state'],
    });
  });

  it('rewrites the county of records whose county is not among their ZIP’s', () => {
    expect(fixOfClass('county_not_zips')).toEqual({
      kind: 'fix',
      healthClass: 'county_not_zips',
      fields: ['county'],
    });
  });

  it('refuses records without a ZIP: there is nothing to look up', () => {
    expect(fixOfClass('no_zip')).toEqual({
      kind: 'refused',
      reason: expect.stringMatching(/^Records without a ZIP cannot be fixed by a lookup/),
    });
  });

  it('refuses records whose ZIP is invalid: the lookup would fail', () => {
    expect(fixOfClass('invalid_zip')).toMatchObject({
      kind: 'refused',
      reason: expect.stringMatching(/would fail/),
    });
  });

  it('refuses records whose ZIP the table does not know: it has nothing to write', () => {
    expect(fixOfClass('unknown_zip')).toMatchObject({
      kind: 'refused',
      reason: expect.stringMatching(/nothing to write/),
    });
  });

  it('refuses records of a multi-county ZIP: they contradict nothing', () => {
    expect(fixOfClass('multi_county_zip')).toMatchObject({
      kind: 'refused',
      reason: expect.stringMatching(/contradict nothing/),
    });
  });

  it('refuses consistent records: there is nothing to fix', () => {
    expect(fixOfClass('consistent')).toEqual({
      kind: 'refused',
      reason: 'Consistent records have nothing to fix.',
    });
  });
});

describe('the values a fix writes', () => {
  const planned: PlannedWrite[] = [
    { field: 'city', property: 'city', value: 'Chicago', mode: 'keep_entered' },
    { field: 'state', property: 'state', value: 'IL', mode: 'keep_entered' },
    { field: 'county', property: 'county', value: 'Cook County', mode: 'keep_entered' },
    { field: 'timezone', property: 'hs_timezone', value: 'america_slash_chicago', mode: 'keep_entered' },
  ];

  it('are only the field the class concerns, always overwritten whatever its saved mode', () => {
    expect(fixWrites(planned, 'state_not_zips')).toEqual([
      { field: 'state', property: 'state', value: 'IL', mode: 'always_overwrite' },
    ]);
    expect(fixWrites(planned, 'city_not_accepted').map((w) => [w.field, w.mode])).toEqual([
      ['city', 'always_overwrite'],
    ]);
    expect(fixWrites(planned, 'county_not_zips').map((w) => [w.field, w.mode])).toEqual([
      ['county', 'always_overwrite'],
    ]);
  });

  it('leave the planned values themselves alone', () => {
    fixWrites(planned, 'state_not_zips');
    expect(planned[1]!.mode).toBe('keep_entered');
  });
});
