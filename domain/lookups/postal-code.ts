/** A 5-digit US ZIP code, leading zeros kept. */
export interface UsZip {
  kind: 'us';
  zip: string;
}

/** A Canadian postal code; only its forward sortation area (first 3 characters) is resolved. */
export interface CanadianPostalCode {
  kind: 'ca';
  fsa: string;
  /** Upper case, written `A1A 1A1`. */
  postalCode: string;
}

export type ParsedPostalCode = UsZip | CanadianPostalCode;

/** A code in a format the product does not support: the lookup fails and is not charged. */
export interface InvalidPostalCode {
  kind: 'invalid';
  reason: 'invalid_zip_format';
}

export type PostalCodeParse = ParsedPostalCode | InvalidPostalCode;

/** One of the counties a ZIP spans. */
export interface CountyShare {
  /** The county's legal name, as `Location.county` writes it. */
  county: string;
  /** Its state: another than the ZIP's when the ZIP crosses a state line (86515 reaches into NM). */
  state: string;
  /** Percent of the ZIP's people living in it, with two decimals (Census ZCTA population weights). */
  share: number;
}

/**
 * What a lookup fills in. A null field has no value to write: a Canadian code names an area, not
 * a city; overseas military (APO/FPO/DPO) codes have no county or time zone; the freely
 * associated states (FM, MH, PW) have no county.
 */
export interface Location {
  /** The USPS-preferred city name. */
  city: string | null;
  /**
   * The other city names the sources accept for the code (93012: Santa Rosa Valley beside
   * Camarillo); a record already holding one of them keeps it. Absent means none.
   */
  otherCities?: readonly string[];
  /** 2-letter USPS state or territory code; for Canada the 2-letter province code. */
  state: string;
  /**
   * The county written: for a ZIP spanning several, the one of its own state where most of its
   * people live. For Canada the area's standard-time UTC offset, written `UTC-05:00`.
   */
  county: string | null;
  /**
   * Every county the ZIP spans with its share, `county` first and the others by share; absent
   * when it lies in one county (read it with countiesOf).
   */
  counties?: readonly CountyShare[];
  /** Present when the ZIP's counties lie in more than one state. */
  crossesStateLine?: true;
  /** US for every USPS-addressed code, territories and military included. */
  country: 'US' | 'CA';
  /** IANA zone name, e.g. `America/Chicago`. */
  timezone: string | null;
}

/** Every county a US code's place spans, the written one first: one at 100% unless it spans several. */
export function countiesOf(location: Location): readonly CountyShare[] {
  if (location.counties) return location.counties;
  return location.county && location.country === 'US'
    ? [{ county: location.county, state: location.state, share: 100 }]
    : [];
}

/**
 * The counties as one text a workflow output or a CSV cell can hold, written county first:
 * "Apache County, AZ (11.86%); McKinley County, NM (88.14%)". Empty when the place has none.
 */
export function countiesText(location: Location): string {
  return countiesOf(location)
    .map((c) => `${c.county}, ${c.state} (${c.share}%)`)
    .join('; ');
}

/** The other accepted city names as one text: "East Boston"; empty when there are none. */
export const otherCitiesText = (location: Location): string => (location.otherCities ?? []).join('; ');

// ZIP+4 is written with or without its hyphen; the first five digits are the ZIP.
const US_ZIP = /^([0-9]{5})(?:-?[0-9]{4})?$/;
const CANADIAN_POSTAL_CODE = /^([A-Z][0-9][A-Z]) ?([0-9][A-Z][0-9])$/;

const INVALID: InvalidPostalCode = Object.freeze({ kind: 'invalid', reason: 'invalid_zip_format' });

/**
 * Reads a code as typed into a CRM record: a 5-digit US ZIP, a ZIP+4 (`02134-1234` or
 * `021341234`, looked up by its ZIP), or a Canadian `A1A 1A1` / `A1A1A1`. A ZIP that lost its
 * leading zero (`2134`) is not guessed at: it could be 02134 or a typo.
 */
export function parsePostalCode(input: string): PostalCodeParse {
  const code = input.trim();
  const us = US_ZIP.exec(code);
  if (us) return { kind: 'us', zip: us[1]! };

  const canadian = CANADIAN_POSTAL_CODE.exec(code.toUpperCase());
  if (canadian) {
    const [, fsa = '', ldu = ''] = canadian;
    return { kind: 'ca', fsa, postalCode: `${fsa} ${ldu}` };
  }
  return INVALID;
}
