import { describe, expect, it } from 'vitest';
import type { Location, ParsedPostalCode } from '../lookups/postal-code';
import { PLACES } from '../lookups/test-places';
import { examineAddress } from './finding';

const resolve = (code: ParsedPostalCode): Location | undefined =>
  code.kind === 'us'
    ? (
        { '02128': PLACES.eastBoston, '86515': PLACES.windowRock, '57501': PLACES.pierre } as Record<
          string,
          Location
        >
      )[code.zip]
    : undefined;

describe('what a health check says it found in a record', () => {
  it('names the accepted cities, the ZIP’s state and its counties against the value held', () => {
    expect(examineAddress({ zip: '02128-1234', city: 'Cambridge' }, resolve)).toEqual({
      found: 'city_not_accepted',
      detail: 'The city "Cambridge" is not a name of 02128: Boston, East Boston.',
    });
    expect(examineAddress({ zip: '02128', state: 'NH' }, resolve).detail).toBe(
      'The state "NH" is not 02128\'s: MA.',
    );
    expect(examineAddress({ zip: '86515', county: 'Navajo County' }, resolve).detail).toBe(
      'The county "Navajo County" is not among 86515\'s: Apache County, AZ; McKinley County, NM.',
    );
  });

  it('says a ZIP spans several counties, and when they lie in more than one state', () => {
    expect(examineAddress({ zip: '86515' }, resolve).detail).toBe(
      '86515 spans 2 counties in more than one state: Apache County, AZ; McKinley County, NM.',
    );
    expect(examineAddress({ zip: '57501' }, resolve).detail).toBe(
      '57501 spans 2 counties: Hughes County, SD; Sully County, SD.',
    );
  });

  it('says what is wrong with a missing, malformed or unknown ZIP', () => {
    expect(examineAddress({ zip: ' ' }, resolve)).toEqual({
      found: 'no_zip',
      detail: 'The record has no ZIP.',
    });
    expect(examineAddress({ zip: 'n/a' }, resolve).detail).toBe(
      '"n/a" is not a US ZIP or a Canadian postal code.',
    );
    expect(examineAddress({ zip: '00000' }, resolve).detail).toBe(
      '00000 is not a ZIP or postal code the ZIP table knows.',
    );
  });
});
