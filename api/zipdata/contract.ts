/** One data package the ZIP table was built from, and how old its data is. */
export interface ZipDataSource {
  /** The npm package, pinned exactly as a devDependency. */
  package: string;
  version: string;
  /** What the package holds, in words ("GeoNames US postal codes"). */
  data: string;
  /** When its data was taken, as precisely as the package says: 2026-03-11, 2021-11 or 2024. */
  date: string;
}

/** GET /api/zip-data: which ZIP data answers lookups, and how old it is. */
export interface ZipDataAnswer {
  /** The table's version, recorded with every lookup it resolved (a fingerprint of its content). */
  version: string;
  /**
   * The date of the freshest source, GeoNames, which gives the ZIP list, cities and states
   * first; every source's own date is in `sources`.
   */
  asOf: string;
  sources: ZipDataSource[];
  usZips: number;
  canadianFsas: number;
}
