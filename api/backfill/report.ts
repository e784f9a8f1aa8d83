import { recordsPage } from '../../projections/backfill/queries';
import type { ReadModelDb } from '../../projections/schema';

const REPORT_PAGE = 1_000;

/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading = + - @ is defused for spreadsheets. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const REPORT_HEADER = ['object_id', 'zip', 'outcome', 'reason', 'fields_written'];

/** A job's records, one CSV line each, read a page at a time so a large job is never held whole. */
export async function* reportLines(db: ReadModelDb, jobId: string): AsyncGenerator<string> {
  yield `${REPORT_HEADER.join(',')}\r\n`;
  for (let offset = 0; ; offset += REPORT_PAGE) {
    const rows = await recordsPage(db, jobId, offset, REPORT_PAGE);
    for (const r of rows)
      yield `${[
        r.objectId,
        r.zip,
        r.outcome,
        r.reason ?? '',
        Object.entries(r.filled)
          .map(([property, value]) => `${property}=${value}`)
          .join('; '),
      ]
        .map(csvField)
        .join(',')}\r\n`;
    if (rows.length < REPORT_PAGE) return;
  }
}
