import { describe, expect, it } from 'vitest';
import type { WriteMode } from '../portals/config';
import {
  acceptedCities,
  decideWrites,
  describeSkipped,
  holdsEveryValue,
  isAcceptedCity,
  needsCurrentValues,
  needsLastWritten,
  type PlannedWrite,
} from './write-modes';

const state = (mode: WriteMode): PlannedWrite => ({ field: 'state', property: 'state', value: 'CA', mode });
const city = (mode: WriteMode): PlannedWrite => ({
  field: 'city',
  property: 'city',
  value: 'Camarillo',
  mode,
});
const camarillo = ['Camarillo', 'Santa Rosa Valley'];
const nothingWritten = {};

describe('fill if empty', () => {
  it('writes a field that is empty, blank or missing on the record', () => {
    for (const current of [{}, { state: null }, { state: '' }, { state: '  ' }])
      expect(
        decideWrites([state('fill_if_empty')], { current, lastWritten: nothingWritten }, camarillo)
          .properties,
      ).toEqual({ state: 'CA' });
  });

  it('leaves a field with a value alone, even one ZipFill wrote', () => {
    expect(
      decideWrites(
        [state('fill_if_empty')],
        { current: { state: 'NV' }, lastWritten: { state: 'NV' } },
        camarillo,
      ),
    ).toEqual({ properties: {}, skipped: [{ property: 'state', reason: 'not_empty' }] });
  });
});

describe('update unless edited', () => {
  it('writes a field that is empty', () => {
    expect(
      decideWrites([state('update_unless_edited')], { current: {}, lastWritten: nothingWritten }, camarillo)
        .properties,
    ).toEqual({ state: 'CA' });
  });

  it('updates a value that is still the one ZipFill wrote last', () => {
    expect(
      decideWrites(
        [state('update_unless_edited')],
        { current: { state: 'NV' }, lastWritten: { state: 'NV' } },
        camarillo,
      ).properties,
    ).toEqual({ state: 'CA' });
  });

  it('leaves alone a value edited by hand since ZipFill wrote it', () => {
    expect(
      decideWrites(
        [state('update_unless_edited')],
        { current: { state: 'OR' }, lastWritten: { state: 'NV' } },
        camarillo,
      ),
    ).toEqual({ properties: {}, skipped: [{ property: 'state', reason: 'edited_by_hand' }] });
  });

  it('leaves alone a value ZipFill never wrote, as one a person typed', () => {
    expect(
      decideWrites(
        [state('update_unless_edited')],
        { current: { state: 'OR' }, lastWritten: nothingWritten },
        camarillo,
      ).skipped,
    ).toEqual([{ property: 'state', reason: 'edited_by_hand' }]);
  });
});

describe('always overwrite', () => {
  it('writes over a value whoever wrote it', () => {
    expect(
      decideWrites(
        [state('always_overwrite')],
        { current: { state: 'OR' }, lastWritten: { state: 'NV' } },
        camarillo,
      ).properties,
    ).toEqual({ state: 'CA' });
  });
});

describe('a city accepted for the ZIP', () => {
  it('is kept in every mode, alternate names included', () => {
    for (const mode of ['fill_if_empty', 'update_unless_edited', 'always_overwrite'] as const)
      expect(
        decideWrites(
          [city(mode)],
          { current: { city: 'Santa Rosa Valley' }, lastWritten: { city: 'Santa Rosa Valley' } },
          camarillo,
        ),
      ).toEqual({ properties: {}, skipped: [{ property: 'city', reason: 'accepted_city' }] });
  });

  it('is recognised whatever its case and spacing', () => {
    expect(isAcceptedCity('  santa  rosa VALLEY ', camarillo)).toBe(true);
    expect(isAcceptedCity('Santa Rosa', camarillo)).toBe(false);
    expect(isAcceptedCity('', camarillo)).toBe(false);
    expect(isAcceptedCity(null, camarillo)).toBe(false);
  });

  it('does not protect a city the ZIP is not known by', () => {
    expect(
      decideWrites(
        [city('always_overwrite')],
        { current: { city: 'Oxnard' }, lastWritten: nothingWritten },
        camarillo,
      ).properties,
    ).toEqual({ city: 'Camarillo' });
  });

  it('keeps only the city: the other fields follow their own modes', () => {
    expect(
      decideWrites(
        [city('always_overwrite'), state('always_overwrite')],
        { current: { city: 'Santa Rosa Valley', state: 'NV' }, lastWritten: nothingWritten },
        camarillo,
      ).properties,
    ).toEqual({ state: 'CA' });
  });

  it('are the USPS-preferred name first, then the others the sources accept', () => {
    expect(
      acceptedCities({
        city: 'Camarillo',
        otherCities: ['Santa Rosa Valley'],
        state: 'CA',
        county: 'Ventura County',
        country: 'US',
        timezone: 'America/Los_Angeles',
      }),
    ).toEqual(camarillo);
    expect(acceptedCities({ city: null, state: 'ON', county: null, country: 'CA', timezone: null })).toEqual(
      [],
    );
  });
});

describe('what deciding needs to read', () => {
  it('needs the record’s values unless every value is overwritten and the ZIP has no other city name', () => {
    expect(needsCurrentValues([state('always_overwrite')], camarillo)).toBe(false);
    expect(needsCurrentValues([state('always_overwrite'), city('always_overwrite')], ['Camarillo'])).toBe(
      false,
    );
    expect(needsCurrentValues([state('always_overwrite'), city('always_overwrite')], camarillo)).toBe(true);
    expect(needsCurrentValues([state('fill_if_empty')], ['Camarillo'])).toBe(true);
  });

  it('needs what ZipFill wrote last only for fields updated unless edited', () => {
    expect(needsLastWritten([state('fill_if_empty'), city('always_overwrite')])).toBe(false);
    expect(needsLastWritten([state('update_unless_edited')])).toBe(true);
  });
});

describe('a record whose every value is skipped', () => {
  it('says for each property why it was left alone', () => {
    expect(
      describeSkipped([
        { property: 'state', reason: 'not_empty' },
        { property: 'city', reason: 'accepted_city' },
      ]),
    ).toBe('state already has a value; city already holds a city accepted for this ZIP');
  });
});

describe('a lookup resumed after its charge', () => {
  it('has written its record when the record holds every value it would write, whatever the spacing', () => {
    const planned = [state('fill_if_empty'), city('fill_if_empty')];
    expect(holdsEveryValue(planned, { state: 'CA', city: ' Camarillo ' })).toBe(true);
  });

  it('has not when any value differs or is missing', () => {
    const planned = [state('fill_if_empty'), city('fill_if_empty')];
    expect(holdsEveryValue(planned, { state: 'CA', city: 'Santa Rosa Valley' })).toBe(false);
    expect(holdsEveryValue(planned, { state: 'CA' })).toBe(false);
    expect(holdsEveryValue([], {})).toBe(false);
  });
});
