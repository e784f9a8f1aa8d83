import { describe, expect, it } from 'vitest';
import type { Location, ParsedPostalCode } from '../lookups/postal-code';
import { PLACES } from '../lookups/test-places';
import { classifyAddress } from './classify';

const { eastBoston: boston, windowRock, pierre, toronto } = PLACES;

const resolve = (code: ParsedPostalCode): Location | undefined =>
  code.kind === 'ca'
    ? code.fsa === 'M5V'
      ? toronto
      : undefined
    : ({ '02128': boston, '86515': windowRock, '57501': pierre } as Record<string, Location>)[code.zip];

const classify = (zip: string | null, rest: { city?: string; state?: string; county?: string } = {}) =>
  classifyAddress({ zip, ...rest }, resolve);

describe('the health check of a record’s address', () => {
  it('finds no ZIP when the ZIP is empty or blank', () => {
    expect(classify(null, { city: 'Boston' })).toBe('no_zip');
    expect(classify('  ')).toBe('no_zip');
  });

  it('finds an invalid ZIP when it is in no supported format', () => {
    expect(classify('2128', { city: 'Boston' })).toBe('invalid_zip');
  });

  it('finds an unknown ZIP when the table does not know it', () => {
    expect(classify('00000')).toBe('unknown_zip');
    expect(classify('Z9Z 9Z9')).toBe('unknown_zip');
  });

  it('finds a city that is not one of the ZIP’s accepted names, and accepts any of them in any case', () => {
    expect(classify('02128', { city: 'Cambridge', state: 'MA' })).toBe('city_not_accepted');
    expect(classify('02128', { city: 'east  boston', state: 'MA', county: 'Suffolk County' })).toBe(
      'consistent',
    );
  });

  it('finds a state that is not the ZIP’s', () => {
    expect(classify('02128', { city: 'Boston', state: 'NH' })).toBe('state_not_zips');
    expect(classify('M5V 3L9', { state: 'QC' })).toBe('state_not_zips');
  });

  it('takes the state by its name as well as its code, and either state of a ZIP that crosses a state line', () => {
    expect(classify('02128', { city: 'Boston', state: 'Massachusetts' })).toBe('consistent');
    expect(classify('M5V 3L9', { state: 'Ontario' })).toBe('consistent');
    expect(classify('02128', { city: 'Boston', state: 'New Hampshire' })).toBe('state_not_zips');
    expect(classify('86515', { city: 'Window Rock', state: 'NM' })).toBe('multi_county_zip');
    expect(classify('86515', { city: 'Window Rock', state: 'New Mexico' })).toBe('multi_county_zip');
    expect(classify('86515', { city: 'Window Rock', state: 'UT' })).toBe('state_not_zips');
  });

  it('finds a county that is not among the counties the ZIP spans, across a state line too', () => {
    expect(classify('02128', { city: 'Boston', county: 'Middlesex County' })).toBe('county_not_zips');
    expect(classify('86515', { city: 'Window Rock', state: 'AZ', county: 'Navajo County' })).toBe(
      'county_not_zips',
    );
    // McKinley County lies in New Mexico, but the ZIP spans it: informative, not wrong.
    expect(classify('86515', { city: 'Window Rock', state: 'AZ', county: 'McKinley County' })).toBe(
      'multi_county_zip',
    );
  });

  it('tells a consistent record whose ZIP spans several counties apart, whichever of them it holds', () => {
    expect(classify('57501', { city: 'Pierre', state: 'SD', county: 'Sully' })).toBe('multi_county_zip');
    expect(classify('57501')).toBe('multi_county_zip');
  });

  it('finds a record consistent when nothing it holds contradicts its ZIP, a Canadian area’s offset unchecked', () => {
    expect(classify('02128-1234', { city: 'Boston', state: 'ma', county: 'Suffolk' })).toBe('consistent');
    expect(classify('02128')).toBe('consistent');
    expect(classify('M5V 3L9', { city: 'Toronto', state: 'ON', county: 'York' })).toBe('consistent');
  });
});
