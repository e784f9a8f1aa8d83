// The embedded, offline geocoder: US ZIP and Canadian FSA → Location, from the table that
// scripts/zipdata/build.ts generates. Loaded once into memory; every lookup is one Map.get.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CountyShare, Location, ParsedPostalCode } from '../../../domain/lookups/postal-code';
import { INSTALL_DIR } from '../../install-dir';
import type { ZipDataSource } from '../../zipdata/contract';
import type { ZipTableFile } from './zip-table-file';

export const ZIP_TABLE_FILE = join(INSTALL_DIR, 'api', 'zipdata', 'zip-table.json');

export interface ZipTable {
  /** The place a parsed code names, or undefined when the table does not know it (`zip_not_found`). */
  resolve(code: ParsedPostalCode): Location | undefined;
  readonly usZipCount: number;
  readonly canadianFsaCount: number;
  /** The table's fingerprint, which every lookup it resolves records. */
  readonly version: string;
  /** The packages it was built from, with their data's date. */
  readonly sources: readonly ZipDataSource[];
  /** How long reading and indexing the file took, in milliseconds. */
  readonly loadMs: number;
}

export class ZipTableFileError extends Error {
  override readonly name = 'ZipTableFileError';
}

interface Columns {
  city?: number[];
  state: number[];
  county: number[];
  timezone: number[];
}

/** Builds one frozen Location per row; checks every index so a bad file fails at start, not mid-lookup. */
function locations(strings: string[], rows: number, country: Location['country'], cols: Columns): Location[] {
  for (const [what, values] of Object.entries(cols) as Array<[string, number[]]>) {
    if (values.length !== rows)
      throw new ZipTableFileError(`The ${country} ${what} column has the wrong length`);
    for (const i of values) {
      if (
        !(i === -1 || (Number.isInteger(i) && i >= 0 && i < strings.length)) ||
        (what === 'state' && i === -1)
      ) {
        throw new ZipTableFileError(`The ${country} ${what} column holds a bad index ${String(i)}`);
      }
    }
  }
  const name = (i: number | undefined) => (i === undefined || i === -1 ? null : (strings[i] ?? null));
  const places: Location[] = new Array<Location>(rows);
  for (let row = 0; row < rows; row++) {
    places[row] = Object.freeze({
      // A Canadian code stands for an area, so it names no city.
      city: name(cols.city?.[row]),
      state: name(cols.state[row]) ?? '',
      county: name(cols.county[row]),
      country,
      timezone: name(cols.timezone[row]),
    });
  }
  return places;
}

/** Reads the generated table; fails loudly if the file is missing or malformed. */
export function loadZipTable(path: string = ZIP_TABLE_FILE): ZipTable {
  const started = performance.now();
  const file = JSON.parse(readFileSync(path, 'utf8')) as ZipTableFile;
  if (file.format !== 3) throw new ZipTableFileError(`Unsupported ZIP table format ${String(file.format)}`);

  const { zips, otherCities, counties, ...usColumns } = file.us;
  const usPlaces = locations(file.strings, zips.length / 5, 'US', usColumns);
  // ZIPs are dense 5-digit numbers, so a flat array indexed by the ZIP beats hashing strings.
  const usRowOfZip = new Int32Array(100_000).fill(-1);
  for (let row = 0; row < usPlaces.length; row++) usRowOfZip[Number(zips.slice(row * 5, row * 5 + 5))] = row;
  const name = (i: number | undefined, what: string) => {
    const value = i === undefined ? undefined : file.strings[i];
    if (value === undefined) throw new ZipTableFileError(`The ${what} hold a bad index`);
    return value;
  };
  for (const [zip, indexes] of Object.entries(otherCities)) {
    const row = usRowOfZip[Number(zip)] ?? -1;
    if (row === -1) throw new ZipTableFileError(`The other city names of ${zip} name a ZIP the table lacks`);
    const names = indexes.map((i) => name(i, `other city names of ${zip}`));
    usPlaces[row] = Object.freeze({ ...usPlaces[row]!, otherCities: Object.freeze(names) });
  }
  for (let at = 0; at < counties.length;) {
    const row = counties[at++]!;
    const place = usPlaces[row];
    const n = counties[at++] ?? 0;
    if (!place || n < 2) throw new ZipTableFileError(`The counties list is broken at ${at}`);
    const spans: CountyShare[] = new Array<CountyShare>(n);
    let crosses = false;
    for (let k = 0; k < n; k++, at += 3) {
      const state = name(counties[at + 1], 'counties');
      crosses ||= state !== place.state;
      spans[k] = Object.freeze({
        county: name(counties[at], 'counties'),
        state,
        share: counties[at + 2]! / 100,
      });
    }
    usPlaces[row] = Object.freeze({
      ...place,
      counties: Object.freeze(spans),
      ...(crosses ? { crossesStateLine: true as const } : {}),
    });
  }

  const { fsas, province, county, timezone } = file.ca;
  const caPlaces = locations(file.strings, fsas.length / 3, 'CA', { state: province, county, timezone });
  const caByFsa = new Map(caPlaces.map((place, row) => [fsas.slice(row * 3, row * 3 + 3), place]));
  const loadMs = performance.now() - started;

  return {
    resolve(code) {
      if (code.kind === 'ca') return caByFsa.get(code.fsa);
      const row = usRowOfZip[Number(code.zip)] ?? -1;
      return row === -1 ? undefined : usPlaces[row];
    },
    usZipCount: usPlaces.length,
    canadianFsaCount: caByFsa.size,
    version: file.version,
    sources: Object.freeze(file.sources.map((s) => Object.freeze({ ...s }))),
    loadMs,
  };
}

let shared: ZipTable | undefined;

/** The process-wide table, loaded on first use. */
export function zipTable(): ZipTable {
  shared ??= loadZipTable();
  return shared;
}
