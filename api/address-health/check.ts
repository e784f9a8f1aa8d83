import type { SampleRead } from '../../domain/backfill/estimate';
import type { RecordAddress } from '../../domain/address-health/classify';
import { ADDRESS_CLASSES, healthFigures, noCounts } from '../../domain/address-health/figures';
import { examineAddress, type Finding } from '../../domain/address-health/finding';
import { addressOfRecord } from '../../domain/address-health/record-address';
import type { BackfillDeps } from '../backfill/deps';
import { searchOf } from '../backfill/deps';
import { readSample } from '../backfill/sample';
import type { CrmObjectType, PortalRoute } from '../portals/types';
import type { AddressClass, HealthCheckAnswer, HealthCheckRequest, HealthExample } from './contract';

/** Records shown per class: enough to recognise the pattern, few enough to read at 360 px. */
const HEALTH_EXAMPLES = 3;

/** What a health check reads with: the backfill's portals, HubSpot client, ZIP table and sample size. */
export type HealthCheckDeps = Pick<BackfillDeps, 'portals' | 'crm' | 'zipTable' | 'now' | 'dryRunSample'>;

/** One record as the check classified it. */
export interface ExaminedRecord extends Finding {
  objectId: string;
  address: RecordAddress;
}

/**
 * Reads the portal's records of one object type, with a ZIP or without, through the dry run's
 * reader (readSample: the same sample, HubSpot budget and priority) and classifies each. Nothing
 * is charged or written: no command is handled and no credit is looked at.
 */
export async function examineRecords(
  deps: HealthCheckDeps,
  route: PortalRoute,
  objectType: CrmObjectType,
  take: (record: ExaminedRecord) => void,
): Promise<SampleRead> {
  const client = await deps.crm.forPortal(route.portalId);
  const search = searchOf(route, {
    objectType,
    scope: 'every_record',
    changedSince: null,
    startedAt: deps.now().toISOString(),
  });
  const resolve = deps.zipTable.resolve.bind(deps.zipTable);
  return readSample(client, search, deps.dryRunSample, (records) => {
    for (const record of records) {
      const address = addressOfRecord(record.properties, route, objectType);
      take({ objectId: record.id, address, ...examineAddress(address, resolve) });
    }
  });
}

/** The health check's answer: counts per class (estimated beyond the sample), examples of each. */
export async function healthCheck(
  deps: HealthCheckDeps,
  route: PortalRoute,
  request: HealthCheckRequest,
): Promise<HealthCheckAnswer> {
  const counts = noCounts();
  const examples = Object.fromEntries(
    ADDRESS_CLASSES.map((c): [AddressClass, HealthExample[]] => [c, []]),
  ) as Record<AddressClass, HealthExample[]>;
  const read = await examineRecords(deps, route, request.objectType, (record) => {
    counts[record.found] += 1;
    if (examples[record.found].length < HEALTH_EXAMPLES)
      examples[record.found].push({
        objectId: record.objectId,
        zip: (record.address.zip ?? '').trim(),
        found: record.detail,
      });
  });
  const figures = healthFigures(counts, read);
  const examined = ADDRESS_CLASSES.reduce((sum, c) => sum + counts[c], 0);
  return {
    request,
    recordsInScope: figures.records,
    examined,
    counts: figures.counts,
    examples,
    ...(figures.estimate ? { estimate: figures.estimate } : {}),
  };
}
