/*
 * A portal's address health check as it travels: the server builds its answer to these types and
 * the web app reads it by the same ones.
 *
 * Routes (signed in; a portal the user has not connected answers 404; nothing is charged or written):
 *   POST /api/hubspot/health-checks/:portalId                              HealthCheckRequest -> HealthCheckAnswer
 *   GET  /api/hubspot/health-checks/:portalId/report.csv?objectType=contact -> text/csv
 *        (object id, ZIP, city, state, county, class, finding: one line per record read)
 */
import type { AddressClass } from '../../domain/address-health/classify';
import type { BackfillObjectType } from '../backfill/contract';

export type { AddressClass };

export interface HealthCheckRequest {
  objectType: BackfillObjectType;
}

/** One record of a class, as the check read it. */
export interface HealthExample {
  objectId: string;
  /** The ZIP as the record holds it; empty when it has none. */
  zip: string;
  /** What the check found, in a sentence ("The state "WI" is not 60601's: IL."). */
  found: string;
}

/**
 * What the health check found in the portal's records of one object type. It reads at most
 * DRY_RUN_SAMPLE_SIZE records, as the backfill's dry run does; when the portal holds more, the
 * counts are estimates and `estimate` says from how many records (the oldest).
 */
export interface HealthCheckAnswer {
  request: HealthCheckRequest;
  /** Every record of the object type that exists now, with a ZIP or without: the counts add up to it. */
  recordsInScope: number;
  /** Records read and classified. */
  examined: number;
  /** Records per class (the first that applies: domain/address-health/classify.ts). */
  counts: Record<AddressClass, number>;
  /** Up to HEALTH_EXAMPLES records per class, the oldest first, from the records read. */
  examples: Record<AddressClass, HealthExample[]>;
  /** Present only when the counts were scaled from the `examined` records with the lowest ids. */
  estimate?: { examined: number };
}
