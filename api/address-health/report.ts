import { csvField } from '../backfill/report';
import type { ExaminedRecord } from './check';

export const HEALTH_REPORT_HEADER = ['object_id', 'zip', 'city', 'state', 'county', 'class', 'finding'];

/** One CSV line of the health check's report. */
export function healthReportLine(record: ExaminedRecord): string {
  const { zip, city, state, county } = record.address;
  return `${[record.objectId, zip, city, state, county, record.found, record.detail]
    .map((value) => csvField((value ?? '').trim()))
    .join(',')}\r\n`;
}
