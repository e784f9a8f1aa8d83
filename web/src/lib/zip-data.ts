import type { ZipDataAnswer } from '@api/zipdata/contract';
import { api } from './api';

const zipDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    zipData: build.query<ZipDataAnswer, void>({
      query: () => '/zip-data',
      // The table changes only with a new release of the server.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useZipDataQuery } = zipDataApi;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A source's data date as precise as it is known, in words: "2026-03-11" → "March 11, 2026",
 * "2021-11" → "November 2021", "2024" → "2024". Not through Date, which would invent a day and
 * shift it by the reader's time zone.
 */
export function dataDateText(date: string): string {
  const [year, month, day] = date.split('-');
  const monthName = month ? MONTHS[Number(month) - 1] : undefined;
  if (!year || !monthName) return year ?? date;
  return day ? `${monthName} ${Number(day)}, ${year}` : `${monthName} ${year}`;
}
