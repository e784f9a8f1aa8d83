import {
  countiesOf,
  parsePostalCode,
  type CountyShare,
  type Location,
  type ParsedPostalCode,
} from '../lookups/postal-code';
import { namesOfState } from '../lookups/state-names';
import { acceptedCities, isAcceptedCity } from '../lookups/write-modes';

/**
 * What a health check finds in one record's address, the first that applies in this order: no
 * ZIP; a ZIP in no supported format; a ZIP the table does not know; a city that is not one of the
 * ZIP's accepted names; a state that is not the ZIP's (by code or name, any of a state-crossing
 * ZIP's); a county that is not among the counties
 * the ZIP spans; a consistent record whose ZIP spans several counties (informative: its county
 * may rightly be any of them); consistent. An empty city, state or county contradicts nothing.
 */
export type AddressClass =
  | 'no_zip'
  | 'invalid_zip'
  | 'unknown_zip'
  | 'city_not_accepted'
  | 'state_not_zips'
  | 'county_not_zips'
  | 'multi_county_zip'
  | 'consistent';

/** The address values a record holds, read from the properties its portal maps. */
export interface RecordAddress {
  zip?: string | null;
  city?: string | null;
  state?: string | null;
  county?: string | null;
}

const present = (value: string | null | undefined): value is string => (value ?? '').trim() !== '';

const key = (value: string) => value.trim().replace(/\s+/g, ' ').toLocaleUpperCase('en-US');

/**
 * A county value names one of the ZIP's counties when it is its legal name or that name without
 * its designation, as CRMs often hold it ("Suffolk" for Suffolk County).
 */
function namesOneOf(value: string, counties: readonly string[]): boolean {
  const held = key(value);
  return counties.some((county) => key(county) === held || key(county).startsWith(`${held} `));
}

/**
 * The states a record of this ZIP may name, by code or by name: the ZIP's own and, where it
 * crosses a state line, each state its counties lie in (86515's New Mexico side says "NM").
 */
function statesOf(place: Location, counties: readonly CountyShare[]): string[] {
  return [...new Set([place.state, ...counties.map((c) => c.state)])].flatMap(namesOfState);
}

export function classifyAddress(
  address: RecordAddress,
  resolve: (code: ParsedPostalCode) => Location | undefined,
): AddressClass {
  if (!present(address.zip)) return 'no_zip';
  const code = parsePostalCode(address.zip);
  if (code.kind === 'invalid') return 'invalid_zip';
  const place = resolve(code);
  if (!place) return 'unknown_zip';
  // A Canadian code names an area, not a city, and its "county" is a time offset: neither is checked.
  if (place.city && present(address.city) && !isAcceptedCity(address.city, acceptedCities(place)))
    return 'city_not_accepted';
  const counties = countiesOf(place);
  if (present(address.state) && !statesOf(place, counties).some((name) => key(name) === key(address.state!)))
    return 'state_not_zips';
  if (
    counties.length > 0 &&
    present(address.county) &&
    !namesOneOf(
      address.county,
      counties.map((c) => c.county),
    )
  )
    return 'county_not_zips';
  return counties.length > 1 ? 'multi_county_zip' : 'consistent';
}
