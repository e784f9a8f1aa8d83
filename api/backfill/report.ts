import { countiesText, otherCitiesText, parsePostalCode } from '../../domain/lookups/postal-code';
import { recordsPage, undoRecordsPage } from '../../projections/backfill/queries';
import type { ReadModelDb } from '../../projections/schema';
import type { ZipTable } from '../adapters/geocoder/zip-table';

const REPORT_PAGE = 1_000;

/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading = + - @ is defused for spreadsheets. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const REPORT_HEADER = [
  'object_id',
  'zip',
  'outcome',
  'reason',
  'fields_written',
  'other_cities',
  'counties',
];

/**
 * The rest of a filled record's answer: its ZIP's other accepted city names and every county it
 * spans with its share, from the table the server runs now.
 */
function alternativesOf(zip: string, table: ZipTable): [string, string] {
  const code = parsePostalCode(zip);
  const place = code.kind === 'invalid' ? undefined : table.resolve(code);
  return place ? [otherCitiesText(place), countiesText(place)] : ['', ''];
}

/**
 * A CSV: the header, then one line of fields per row, the rows read a page at a time so a large
 * job is never held whole.
 */
async function* csvLines<Row>(
  header: readonly string[],
  page: (offset: number, limit: number) => Promise<Row[]>,
  fields: (row: Row) => string[],
): AsyncGenerator<string> {
  yield `${header.join(',')}\r\n`;
  for (let offset = 0; ; offset += REPORT_PAGE) {
    const rows = await page(offset, REPORT_PAGE);
    for (const row of rows) yield `${fields(row).map(csvField).join(',')}\r\n`;
    if (rows.length < REPORT_PAGE) return;
  }
}

/** A job's records, one CSV line each. */
export function reportLines(db: ReadModelDb, jobId: string, table: ZipTable): AsyncGenerator<string> {
  return csvLines(
    REPORT_HEADER,
    (offset, limit) => recordsPage(db, jobId, offset, limit),
    (r) => [
      r.objectId,
      r.zip,
      r.outcome,
      r.reason ?? '',
      Object.entries(r.filled)
        .map(([property, value]) => `${property}=${value}`)
        .join('; '),
      ...(r.outcome === 'succeeded' ? alternativesOf(r.zip, table) : ['', '']),
    ],
  );
}

export const UNDO_REPORT_HEADER = ['object_id', 'outcome', 'reason', 'fields_restored', 'fields_kept'];

/**
 * An undo job's records, one CSV line each: restored (the fields written back, and those kept
 * because a person changed them since), skipped (why) or failed (HubSpot's refusal). The values
 * themselves are in each record's history.
 */
export function undoReportLines(db: ReadModelDb, jobId: string): AsyncGenerator<string> {
  return csvLines(
    UNDO_REPORT_HEADER,
    (offset, limit) => undoRecordsPage(db, jobId, offset, limit),
    (r) => [r.objectId, r.outcome, r.reason ?? '', r.restored.join('; '), r.kept.join('; ')],
  );
}
