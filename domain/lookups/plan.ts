import type { PortalMapping } from '../portals/config';
import { isMappingConfigured } from '../portals/config';
import type { LookupFailureReason, LookupIgnoredReason, LookupRequestedData } from './events';
import { plannedWrites } from './fill';
import { parsePostalCode, type Location, type ParsedPostalCode } from './postal-code';
import type { CrmObjectTypeName } from './webhook-event';
import { acceptedCities, type PlannedWrite } from './write-modes';

/**
 * A record's ZIP property changed and may be looked up: the request's own fields, and `seq`, the
 * order changes reached us, telling apart those of the same moment. A webhook's request is one;
 * any other source (a backfill reading records) gives the same fields.
 */
export type ZipChange = Pick<
  LookupRequestedData,
  'lookupId' | 'portalId' | 'objectType' | 'objectId' | 'zip' | 'occurredAt'
> & {
  seq: bigint;
  /**
   * The CRM property the ZIP was read from. Null when a workflow action handed the ZIP over as
   * its input: the user chose it there (any property, or a fixed value), so it is the ZIP by
   * their choice and no property of the portal's is checked.
   */
  propertyName: string | null;
};

/** What a lookup needs of the portal a change came from: who pays, where the ZIP is, what to fill. */
export interface LookupPortal {
  userId: string;
  /** The CRM property holding the ZIP on each object type. */
  zipProperty: Record<CrmObjectTypeName, string>;
  config: PortalMapping;
  /** HubSpot revoked the app's access (uninstalled): nothing can be written until a reconnect. */
  accessRevoked?: boolean;
}

/** Finds a ZIP or postal code's location in the embedded table; undefined when it is not there. */
export type ResolveLocation = (code: ParsedPostalCode) => Location | undefined;

/**
 * What becomes of a change: ignored (nobody's business, nothing charged or shown as a failure),
 * failed before any charge, or charged and written: the planned values, each in its field's write
 * mode (domain/lookups/write-modes.ts decides against the record), and the city names the ZIP is
 * known by.
 */
export type LookupPlan<P extends LookupPortal = LookupPortal> =
  | { kind: 'ignore'; reason: LookupIgnoredReason; detail: string }
  | { kind: 'fail'; userId: string; reason: LookupFailureReason; detail: string }
  | {
      kind: 'charge';
      userId: string;
      portal: P;
      writes: PlannedWrite[];
      acceptedCities: string[];
      /** Where the code is: what a workflow action answers, whatever is written. */
      location: Location;
    };

const recordOf = (c: ZipChange) => `${c.portalId}:${c.objectType}:${c.objectId}`;

/** Of several changes to one record, only the latest is looked up: the ids of those latest changes. */
export function latestPerRecord(changes: readonly ZipChange[]): Set<string> {
  const latest = new Map<string, ZipChange>();
  for (const c of changes) {
    const seen = latest.get(recordOf(c));
    if (!seen || c.occurredAt > seen.occurredAt || (c.occurredAt === seen.occurredAt && c.seq > seen.seq))
      latest.set(recordOf(c), c);
  }
  return new Set([...latest.values()].map((c) => c.lookupId));
}

/** A change whose ZIP is read from a property is looked up only when that is the portal's ZIP property. */
export const isZipOfPortal = (change: ZipChange, portal: LookupPortal): boolean =>
  change.propertyName === null || change.propertyName === portal.zipProperty[change.objectType];

/**
 * Where a change's code is, or why it fails without a charge: a value that is not a ZIP or
 * postal code (invalid_zip_format), or a code the table does not know (zip_not_found).
 */
export function locate(
  change: Pick<ZipChange, 'zip'>,
  userId: string,
  resolve: ResolveLocation,
): { kind: 'found'; location: Location } | Extract<LookupPlan, { kind: 'fail' }> {
  const code = parsePostalCode(change.zip);
  if (code.kind === 'invalid')
    return {
      kind: 'fail',
      userId,
      reason: 'invalid_zip_format',
      detail: `"${change.zip}" is not a ZIP code`,
    };
  const location = resolve(code);
  if (!location)
    return { kind: 'fail', userId, reason: 'zip_not_found', detail: `${change.zip} is not in the table` };
  return { kind: 'found', location };
}

/**
 * The rules for one change, in order: a portal nobody has connected, a property that is not the
 * ZIP and a change a later one supersedes are ignored; a portal whose access HubSpot revoked
 * fails as crm_auth_failed at once, uncharged and without a call to HubSpot (no retries against
 * a refusal that will not change until the owner reconnects); a mapping that writes nothing, a value
 * that is not a ZIP or postal code, and a code the table does not know (or knows no mapped value
 * of) fail without a charge; anything else is charged.
 */
export function planLookup<P extends LookupPortal>(
  change: ZipChange,
  portal: P | undefined,
  isLatest: boolean,
  resolve: ResolveLocation,
): LookupPlan<P> {
  if (!portal)
    return { kind: 'ignore', reason: 'portal_not_connected', detail: 'No account has this portal connected' };
  if (!isZipOfPortal(change, portal))
    return {
      kind: 'ignore',
      reason: 'not_zip_property',
      detail: `${change.propertyName} is not the ZIP property`,
    };
  if (!isLatest)
    return {
      kind: 'ignore',
      reason: 'superseded',
      detail: 'A later change of the same record is looked up instead',
    };
  const { userId } = portal;
  if (portal.accessRevoked)
    return {
      kind: 'fail',
      userId,
      reason: 'crm_auth_failed',
      detail:
        'HubSpot access to this portal was revoked (the app was uninstalled); reconnect it from the dashboard',
    };
  const mapping = portal.config[change.objectType];
  if (!isMappingConfigured(mapping))
    return {
      kind: 'fail',
      userId,
      reason: 'portal_not_configured',
      detail: `No ${change.objectType} fields are mapped`,
    };
  const located = locate(change, userId, resolve);
  if (located.kind === 'fail') return located;
  const { location } = located;
  // A mapping saved before the ZIP property was refused as a target never writes over the ZIP.
  const zipProperty = portal.zipProperty[change.objectType];
  const writes = plannedWrites(mapping, location).filter((w) => w.property !== zipProperty);
  if (writes.length === 0)
    return {
      kind: 'fail',
      userId,
      reason: 'zip_not_found',
      detail: `No value for the mapped fields of ${change.zip}`,
    };
  return { kind: 'charge', userId, portal, writes, acceptedCities: acceptedCities(location), location };
}

/** Plans a batch of changes, each against its portal (undefined when nobody has it connected). */
export function planLookups<C extends ZipChange, P extends LookupPortal>(
  changes: readonly C[],
  portalOf: (portalId: string) => P | undefined,
  resolve: ResolveLocation,
): { change: C; plan: LookupPlan<P> }[] {
  const latest = latestPerRecord(changes);
  return changes.map((change) => ({
    change,
    plan: planLookup(change, portalOf(change.portalId), latest.has(change.lookupId), resolve),
  }));
}
