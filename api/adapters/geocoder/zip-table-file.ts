/**
 * The shape of api/zipdata/zip-table.json, written by scripts/zipdata/build.ts.
 * Columns instead of rows, and every name stored once in `strings`, keep the file small and
 * quick to parse. A column holds indexes into `strings`; -1 means the place has no value.
 */
export interface ZipTableFile {
  format: 2;
  /** npm package → version the table was generated from (see api/zipdata/SOURCES.md). */
  builtFrom: Record<string, string>;
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
