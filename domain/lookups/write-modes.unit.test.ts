import { describe, expect, it } from 'vitest';
import type { WriteMode } from '../portals/config';
import {
  acceptedCities,
  decideWrites,
  describeSkipped,
  isAcceptedCity,
  isZipFillsValue,
  needsLastWritten,
  resumedFill,
  type PlannedWrite,
} from './write-modes';

const planned = (field: 'state' | 'county', value: string, mode: WriteMode): PlannedWrite => ({
  field,
  property: field,
  value,
  mode,
});
const state = (mode: WriteMode, value = 'CA') => planned('state', value, mode);
const city = (mode: WriteMode, value = 'Camarillo'): PlannedWrite => ({
  field: 'city',
  property: 'city',
  value,
  mode,
});
const camarillo = ['Camarillo', 'Santa Rosa Valley'];
const nothingWritten = {};
const MODES = ['keep_entered', 'always_overwrite'] as const;

describe('ZipFill never leaves a value it derived from an earlier ZIP', () => {
  it('in keep what people entered, a value ZipFill wrote follows the new ZIP', () => {
    const decision = decideWrites(
      [
        city('keep_entered', 'New York'),
        state('keep_entered', 'NY'),
        planned('county', 'New York County', 'keep_entered'),
      ],
      {
        current: { city: 'San Francisco', state: 'CA', county: 'San Francisco County' },
        lastWritten: { city: 'San Francisco', state: 'CA', county: 'San Francisco County' },
      },
      ['New York'],
    );
    expect(decision.properties).toEqual({ city: 'New York', state: 'NY', county: 'New York County' });
  });

  it('with City on always overwrite and the rest on keep, no field keeps the earlier ZIP’s value', () => {
    const decision = decideWrites(
      [city('always_overwrite', 'New York'), planned('county', 'New York County', 'keep_entered')],
      {
        current: { city: 'San Francisco', county: 'San Francisco County' },
        lastWritten: { city: 'San Francisco', county: 'San Francisco County' },
      },
      ['New York'],
    );
    expect(decision.properties).toEqual({ city: 'New York', county: 'New York County' });
  });
});

describe('only a value a person entered is protected', () => {
  it('keep what people entered leaves a value ZipFill did not write last', () => {
    expect(
      decideWrites(
        [state('keep_entered')],
        { current: { state: 'OR' }, lastWritten: { state: 'NV' } },
        camarillo,
      ),
    ).toMatchObject({ properties: {}, skipped: [{ property: 'state', reason: 'entered_by_person' }] });
  });

  it('keep what people entered treats a value ZipFill never wrote as a person’s', () => {
    expect(
      decideWrites(
        [state('keep_entered')],
        { current: { state: 'OR' }, lastWritten: nothingWritten },
        camarillo,
      ).skipped,
    ).toEqual([{ property: 'state', reason: 'entered_by_person' }]);
  });

  it('always overwrite replaces a person’s value too', () => {
    expect(
      decideWrites(
        [state('always_overwrite')],
        { current: { state: 'OR' }, lastWritten: nothingWritten },
        camarillo,
      ).properties,
    ).toEqual({ state: 'CA' });
  });

  it('a value is ZipFill’s when it is the one ZipFill wrote last to that field, whatever the spacing', () => {
    expect(isZipFillsValue(' NV ', 'NV')).toBe(true);
    expect(isZipFillsValue('OR', 'NV')).toBe(false);
    expect(isZipFillsValue('NV', undefined)).toBe(false);
    expect(isZipFillsValue('', '')).toBe(false);
  });
});

describe('an empty field is filled in every mode', () => {
  it('writes a field that is empty, blank or missing on the record', () => {
    for (const mode of MODES)
      for (const current of [{}, { state: null }, { state: '' }, { state: '  ' }])
        expect(
          decideWrites([state(mode)], { current, lastWritten: nothingWritten }, camarillo).properties,
        ).toEqual({ state: 'CA' });
  });
});

describe('a field that already holds the ZIP’s value is not written', () => {
  it('in every mode, so a record already right has nothing to update', () => {
    for (const mode of MODES)
      expect(
        decideWrites([state(mode)], { current: { state: 'CA' }, lastWritten: { state: 'CA' } }, camarillo),
      ).toMatchObject({ properties: {}, skipped: [{ property: 'state', reason: 'already_right' }] });
  });
});

describe('a city accepted for the ZIP', () => {
  it('is kept in every mode, alternate names included', () => {
    for (const mode of MODES)
      expect(
        decideWrites(
          [city(mode)],
          { current: { city: 'Santa Rosa Valley' }, lastWritten: { city: 'Santa Rosa Valley' } },
          camarillo,
        ),
      ).toMatchObject({ properties: {}, skipped: [{ property: 'city', reason: 'accepted_city' }] });
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
  it('needs what ZipFill wrote last only for fields that keep what people entered', () => {
    expect(needsLastWritten([state('always_overwrite'), city('always_overwrite')])).toBe(false);
    expect(needsLastWritten([state('keep_entered')])).toBe(true);
  });
});

describe('a record with nothing to update', () => {
  it('says for each property why it was left alone', () => {
    expect(
      describeSkipped([
        { property: 'state', reason: 'entered_by_person' },
        { property: 'county', reason: 'already_right' },
        { property: 'city', reason: 'accepted_city' },
      ]),
    ).toBe(
      'state holds a value a person entered; county already holds this value; city already holds a city accepted for this ZIP',
    );
  });
});

describe('a charged lookup resumed after a crash is judged by what it planned', () => {
  it('succeeds with the fields holding its values, whatever a person’s value beside them', () => {
    const decision = decideWrites(
      [city('keep_entered', 'New York'), state('keep_entered', 'NY')],
      { current: { city: 'Gotham', state: 'NY' }, lastWritten: nothingWritten },
      ['New York'],
    );
    expect(resumedFill(decision)).toEqual({ state: 'NY' });
  });

  it('redoes only what did not land, and reports both', () => {
    const decision = decideWrites(
      [city('keep_entered', 'New York'), state('keep_entered', 'NY')],
      { current: { city: '', state: 'NY' }, lastWritten: nothingWritten },
      ['New York'],
    );
    expect(decision.properties).toEqual({ city: 'New York' });
    expect(resumedFill(decision)).toEqual({ city: 'New York', state: 'NY' });
  });

  it('has nothing to report when none of its values is there and nothing is left to write', () => {
    const decision = decideWrites(
      [state('keep_entered', 'NY')],
      { current: { state: 'NJ' }, lastWritten: nothingWritten },
      ['New York'],
    );
    expect(resumedFill(decision)).toBeUndefined();
  });
});
