import { countiesOf, parsePostalCode, type Location, type ParsedPostalCode } from '../lookups/postal-code';
import { acceptedCities } from '../lookups/write-modes';
import { classifyAddress, type AddressClass, type RecordAddress } from './classify';

/** What the health check found in one record: its class and a sentence a person can act on. */
export interface Finding {
  found: AddressClass;
  detail: string;
}

const countiesList = (place: Location) =>
  countiesOf(place)
    .map((c) => `${c.county}, ${c.state}`)
    .join('; ');

function detailOf(found: AddressClass, address: RecordAddress, zip: string, place: Location | undefined) {
  const ofZip = place ? countiesOf(place) : [];
  switch (found) {
    case 'no_zip':
      return 'The record has no ZIP.';
    case 'invalid_zip':
      return `"${zip}" is not a US ZIP or a Canadian postal code.`;
    case 'unknown_zip':
      return `${zip} is not a ZIP or postal code the ZIP table knows.`;
    case 'city_not_accepted':
      return `The city "${address.city?.trim()}" is not a name of ${zip}: ${acceptedCities(place!).join(', ')}.`;
    case 'state_not_zips':
      return `The state "${address.state?.trim()}" is not ${zip}'s: ${place!.state}.`;
    case 'county_not_zips':
      return `The county "${address.county?.trim()}" is not among ${zip}'s: ${countiesList(place!)}.`;
    case 'multi_county_zip':
      return `${zip} spans ${ofZip.length} counties${place!.crossesStateLine ? ' in more than one state' : ''}: ${countiesList(place!)}.`;
    case 'consistent':
      return `Nothing contradicts ${zip}.`;
    default: {
      const never: never = found;
      return never;
    }
  }
}

/** Classifies a record's address (classifyAddress) and says what was found. */
export function examineAddress(
  address: RecordAddress,
  resolve: (code: ParsedPostalCode) => Location | undefined,
): Finding {
  let place: Location | undefined;
  const found = classifyAddress(address, (code) => (place = resolve(code)));
  const zip = (address.zip ?? '').trim();
  const code = zip === '' ? undefined : parsePostalCode(zip);
  const shown = code?.kind === 'us' ? code.zip : code?.kind === 'ca' ? code.postalCode : zip;
  return { found, detail: detailOf(found, address, shown, place) };
}
