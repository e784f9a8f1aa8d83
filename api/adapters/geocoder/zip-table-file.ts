import type { ZipDataSource } from '../../zipdata/contract';

/**
 * The shape of api/zipdata/zip-table.json, written by scripts/zipdata/build.ts.
 * Columns instead of rows, and every name stored once in `strings`, keep the file small and
 * quick to parse. A column holds indexes into `strings`; -1 means the place has no value.
 */
export interface ZipTableFile {
  format: 3;
  /**
   * A fingerprint of everything else in the file (the first 12 hex digits of its SHA-256): the
   * version every lookup records, and what the build compares to tell the table changed.
   */
  version: string;
  /** The packages the table was generated from, with their data's date (see api/zipdata/SOURCES.md). */
  sources: ZipDataSource[];
  strings: string[];
  us: {
    /** Every ZIP, ascending, five characters each, concatenated. */
    zips: string;
    city: number[];
    state: number[];
    county: number[];
    timezone: number[];
    /**
     * The other city names the sources accept, for the few ZIPs that have any: ZIP → indexes into
     * `strings`. Sparse, since nearly every ZIP has one name.
     */
    otherCities: Record<string, number[]>;
    /**
     * The ZIPs spanning more than one county, in ZIP order, as one flat list of numbers (quicker
     * to parse than an object of small arrays): the ZIP's row, its county count n, then n triples
     * of (county, its state, share in hundredths of a percent), the `county` column's first and
     * the others by share.
     */
    counties: number[];
  };
  ca: {
    /** Every forward sortation area, ascending, three characters each, concatenated. */
    fsas: string;
    province: number[];
    /** The standard-time offset label, `UTC-05:00`. */
    county: number[];
    timezone: number[];
  };
}
