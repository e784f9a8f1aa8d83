// Merges the per-source US records into one row per ZIP, following the field precedence that
// api/zipdata/SOURCES.md explains.
import { find as timezonesAt } from 'geo-tz';
import { countyPolygons, dominantCounty, geoNamesCounty, simpleMapsSpellings } from './county';
import { legalCountyNames } from './county-names';
import type { GeoNamesZip, Point, SimpleMapsZip, ZipcodesZip } from './sources';

/** One county a ZIP spans: its legal name, its state and its share of the ZIP's people. */
export interface CountySpan {
  county: string;
  state: string;
  /** Hundredths of a percent (SimpleMaps' weights carry two decimals), so the file holds integers. */
  share: number;
}

export interface UsZipRow {
  zip: string;
  /** The city the ZIP is filled with: GeoNames' first (USPS-style), then SimpleMaps', then zipcodes'. */
  city: string;
  /** Other names the sources give the ZIP's city (02128: East Boston beside Boston). */
  otherCities: string[];
  state: string;
  county: string | null;
  /**
   * Every county the ZIP spans with its share, `county` first and the others by share, when it
   * spans more than one; empty otherwise.
   */
  counties: CountySpan[];
  timezone: string | null;
}

export interface UsSources {
  geoNames: Map<string, GeoNamesZip>;
  simpleMaps: Map<string, SimpleMapsZip>;
  ziptz: Map<string, string>;
  zipcodes: Map<string, ZipcodesZip>;
}

const MILITARY_STATES = new Set(['AA', 'AE', 'AP']);
const TERRITORIES = new Set(['PR', 'VI', 'GU', 'AS', 'MP', 'FM', 'MH', 'PW']);
const MILITARY_CITY = /^(APO|FPO|DPO)\b/i;
/**
 * The freely associated states: GeoNames files the country's name as the city (96960 reads
 * "Marshall Islands"), where USPS, and the zipcodes package after it, names the town (Majuro).
 */
const FREELY_ASSOCIATED = new Set(['FM', 'MH', 'PW']);
const CONNECTICUT_FIPS = '09';

/**
 * USPS gives each military "state" its own ZIP range; the sources disagree (GeoNames files
 * 09001 as "APO AA"), so the range decides.
 */
function militaryState(zip: string): string | undefined {
  const prefix = Number(zip.slice(0, 3));
  if (prefix === 340) return 'AA';
  if (prefix >= 90 && prefix <= 98) return 'AE';
  if (prefix >= 962 && prefix <= 966) return 'AP';
  return undefined;
}

/** Only American and Pacific zones are plausible for a US ZIP; one bad point gave Asia/Bishkek. */
function usZone(zone: string | undefined): string | undefined {
  return zone && /^(America|Pacific)\//.test(zone) ? zone : undefined;
}

export interface MergeReport {
  dropped: string[];
  countyFrom: Record<string, number>;
  /** County codes a source offered that the Census list does not know (the next source was tried). */
  countyCodesUnknownToCensus: Record<string, number>;
  timezoneFrom: Record<string, number>;
}

const cityKey = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * The names other sources give a ZIP's city, where they differ from the chosen one by more than
 * case and spacing: a record already holding one keeps it. GeoNames' name for a freely
 * associated state is its country's, not a town's, and is left out.
 */
function otherCityNames(city: string, names: readonly (string | undefined)[]): string[] {
  const seen = new Set([cityKey(city)]);
  const others: string[] = [];
  for (const raw of names) {
    // GeoNames names a base's military code "FPO AA": the accepted city is FPO.
    const name = raw && (MILITARY_CITY.exec(raw)?.[1]?.toUpperCase() ?? raw);
    if (!name || seen.has(cityKey(name))) continue;
    seen.add(cityKey(name));
    others.push(name.trim());
  }
  return others;
}

/**
 * The counties SimpleMaps' population weights spread the ZIP over, the written county first:
 * only when that county is one of them and there are several. Connecticut's weights name the
 * 2022 planning regions, which the Census list does not know, so its ZIPs list none.
 */
function countySpans(
  written: string | undefined,
  s: SimpleMapsZip | undefined,
  names: ReadonlyMap<string, string>,
  stateOfFips: ReadonlyMap<string, string>,
  unknown: (code: string) => void,
): CountySpan[] {
  if (!written || !s || s.countyWeights.size < 2 || !s.countyWeights.has(written)) return [];
  const spans: Array<CountySpan & { fips: string }> = [];
  for (const [fips, weight] of s.countyWeights) {
    const county = names.get(fips);
    const state = stateOfFips.get(fips.slice(0, 2));
    if (!county || !state) {
      unknown(fips);
      continue;
    }
    spans.push({ fips, county, state, share: Math.round(weight * 100) });
  }
  if (spans.length < 2) return [];
  spans.sort(
    (a, b) =>
      Number(b.fips === written) - Number(a.fips === written) ||
      b.share - a.share ||
      a.fips.localeCompare(b.fips),
  );
  return spans.map(({ county, state, share }) => ({ county, state, share }));
}

export function mergeUsZips(sources: UsSources): { rows: UsZipRow[]; report: MergeReport } {
  const { geoNames, simpleMaps, ziptz, zipcodes } = sources;
  const counties = legalCountyNames(simpleMapsSpellings(simpleMaps));
  const polygonCounty = countyPolygons();
  const stateOfFips = new Map([...counties.stateFips].map(([state, fips]) => [fips, state]));
  const report: MergeReport = {
    dropped: [],
    countyFrom: {},
    countyCodesUnknownToCensus: {},
    timezoneFrom: {},
  };
  const count = (tally: Record<string, number>, source: string) => (tally[source] = (tally[source] ?? 0) + 1);

  // The zipcodes package is old (2012/2018): it only adds territories and military codes, which
  // the fresher sources lack or leave without a state.
  const universe = new Set([...geoNames.keys(), ...simpleMaps.keys(), ...ziptz.keys()]);
  for (const [zip, z] of zipcodes)
    if (TERRITORIES.has(z.state) || MILITARY_STATES.has(z.state)) universe.add(zip);

  const rows: UsZipRow[] = [];
  for (const zip of [...universe].sort()) {
    const g = geoNames.get(zip);
    const s = simpleMaps.get(zip);
    const z = zipcodes.get(zip);
    const townFirst = z && FREELY_ASSOCIATED.has(z.state) ? z.city : '';
    const rawCity = townFirst || g?.city || s?.city || z?.city || '';
    const military = MILITARY_CITY.exec(rawCity);
    const state = militaryState(zip) ?? (g?.state || s?.state || z?.state || '');
    if (!rawCity || !state) {
      report.dropped.push(zip);
      continue;
    }
    const city = military ? (military[1] ?? '').toUpperCase() : rawCity;
    if (MILITARY_STATES.has(state)) {
      // Overseas military codes have no county and no US time zone (geo-tz on their points
      // answers Europe/Rome and the like).
      rows.push({ zip, city, otherCities: [], state, county: null, counties: [], timezone: null });
      count(report.countyFrom, 'none (military)');
      count(report.timezoneFrom, 'none (military)');
      continue;
    }

    const point: Point | undefined = s?.point ?? g?.point ?? z?.point;
    const fips = counties.stateFips.get(state);
    const candidates: Array<[source: string, countyFips: () => string | undefined]> = [
      // CT policy: the 8 historical counties CRM users know, not the 2022 planning regions.
      [
        'us-atlas (CT legacy county)',
        () => (fips === CONNECTICUT_FIPS && point ? polygonCounty(point, fips) : undefined),
      ],
      ['SimpleMaps', () => s && dominantCounty(s, fips)],
      ['GeoNames', () => g && geoNamesCounty(g, fips)],
      ['us-atlas', () => (point && fips ? polygonCounty(point, fips) : undefined)],
    ];
    let county: string | undefined;
    let countyCode: string | undefined;
    for (const [source, countyFips] of candidates) {
      const code = countyFips();
      if (!code) continue;
      county = counties.byFips.get(code);
      if (county) {
        countyCode = code;
        count(report.countyFrom, source);
        break;
      }
      count(report.countyCodesUnknownToCensus, `${code} (${source})`);
    }
    if (!county) count(report.countyFrom, 'none');

    let timezone = usZone(ziptz.get(zip));
    if (timezone) count(report.timezoneFrom, 'ziptz');
    if (!timezone) {
      timezone = usZone(s?.timezone);
      if (timezone) count(report.timezoneFrom, 'SimpleMaps');
    }
    if (!timezone && point) {
      timezone = usZone(timezonesAt(point.lat, point.lon)[0]);
      if (timezone) count(report.timezoneFrom, 'geo-tz');
    }
    if (!timezone) count(report.timezoneFrom, 'none');

    const otherCities = otherCityNames(city, [
      townFirst ? undefined : g?.city,
      ...(g?.alsoNamed ?? []),
      s?.city,
      z?.city,
    ]);
    const spans = countySpans(countyCode, s, counties.byFips, stateOfFips, (code) =>
      count(report.countyCodesUnknownToCensus, `${code} (SimpleMaps, a further county)`),
    );
    rows.push({
      zip,
      city,
      otherCities,
      state,
      county: county ?? null,
      counties: spans,
      timezone: timezone ?? null,
    });
  }
  return { rows, report };
}
