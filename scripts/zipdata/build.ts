// Generates api/zipdata/zip-table.json from the npm data packages pinned as devDependencies, and
// writes beside it what changed against the committed table (zip-table-diff.md) for review.
// Run with `npm run build:zipdata` after bumping any of them, then re-run the ZIP table tests.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { diffAsMarkdown, diffZipTables } from './diff';
import { buildZipTable } from './table';

const OUTPUT = fileURLToPath(new URL('../../api/zipdata/zip-table.json', import.meta.url));
const DIFF_OUTPUT = fileURLToPath(new URL('../../api/zipdata/zip-table-diff.md', import.meta.url));

/** What a first build is compared with. */
const EMPTY_TABLE = { strings: [], us: { zips: '', city: [], state: [], county: [], otherCities: {} } };

function build(): void {
  const started = performance.now();
  const { file, rows, report, sourceRows } = buildZipTable();
  const json = JSON.stringify(file);
  const committed = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : undefined;
  if (committed !== json) {
    // An unchanged table keeps the diff that explains how it came to be.
    const diff = diffAsMarkdown(diffZipTables(committed ? JSON.parse(committed) : EMPTY_TABLE, file));
    writeFileSync(DIFF_OUTPUT, diff);
    writeFileSync(OUTPUT, json);
    console.log(diff);
  } else console.log(`The table is unchanged (version ${file.version}).`);

  const perState = new Map<string, number>();
  for (const r of rows) perState.set(r.state, (perState.get(r.state) ?? 0) + 1);
  console.log(
    JSON.stringify(
      {
        output: OUTPUT,
        version: file.version,
        bytes: json.length,
        sourceRows,
        usZips: rows.length,
        zipsWithOtherCityNames: rows.filter((r) => r.otherCities.length > 0).length,
        zipsSpanningSeveralCounties: rows.filter((r) => r.counties.length > 1).length,
        zipsCrossingAStateLine: rows.filter((r) => r.counties.some((c) => c.state !== r.state)).length,
        canadianFsas: file.ca.fsas.length / 3,
        distinctStrings: file.strings.length,
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
