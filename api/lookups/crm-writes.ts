import type { LookupFailureReason } from '../../domain/lookups/events';
import { onlyEmpty } from '../../domain/lookups/fill';
import type { PendingLookup } from '../../projections/lookups/queries';
import type {
  CrmClientFactory,
  CrmObjectType,
  CrmPortalClient,
  PortalRoute,
  RecordUpdate,
} from '../portals/types';

/** HubSpot's batch update takes at most 100 records. */
export const CRM_BATCH_SIZE = 100;

/** A charged lookup's fields, ready to be written to its record. */
export interface CrmWrite {
  lookup: PendingLookup;
  userId: string;
  route: PortalRoute;
  properties: Record<string, string>;
}

export type WriteOutcome =
  { ok: true; filled: Record<string, string> } | { ok: false; reason: LookupFailureReason; detail: string };

export interface WriteResult {
  write: CrmWrite;
  outcome: WriteOutcome;
}

const failure = (error: unknown): WriteOutcome => {
  const reason = (error as { reason?: unknown } | null)?.reason;
  return {
    ok: false,
    reason: reason === 'crm_auth_failed' ? 'crm_auth_failed' : 'crm_update_failed',
    detail: error instanceof Error ? error.message : String(error),
  };
};

/** Writes every lookup's fields, one batch call per portal, object type and 100 records. */
export async function writeToCrm(crm: CrmClientFactory, writes: readonly CrmWrite[]): Promise<WriteResult[]> {
  const groups = new Map<string, CrmWrite[]>();
  for (const w of writes) {
    const key = `${w.lookup.portalId}\u0000${w.lookup.objectType}`;
    const group = groups.get(key);
    if (group) group.push(w);
    else groups.set(key, [w]);
  }
  const results = await Promise.all(
    [...groups.values()].map(async (group) => {
      const { portalId, objectType } = group[0]!.lookup;
      let client: CrmPortalClient;
      try {
        client = await crm.forPortal(portalId);
      } catch (error) {
        const outcome = failure(error);
        return group.map((write) => ({ write, outcome }));
      }
      return writeGroup(client, objectType, group);
    }),
  );
  return results.flat();
}

async function writeGroup(
  client: CrmPortalClient,
  objectType: CrmObjectType,
  group: readonly CrmWrite[],
): Promise<WriteResult[]> {
  const results: WriteResult[] = [];
  const ready: CrmWrite[] = [];
  const fillEmptyOnly = group.filter((w) => w.route.config[objectType].onlyFillEmpty);
  const current = await currentValues(client, objectType, fillEmptyOnly);
  for (const write of group) {
    if (!write.route.config[objectType].onlyFillEmpty) {
      ready.push(write);
      continue;
    }
    if (current instanceof Error) {
      results.push({ write, outcome: failure(current) });
      continue;
    }
    const values = current.get(write.lookup.objectId);
    if (!values) {
      results.push({
        write,
        outcome: {
          ok: false,
          reason: 'crm_record_not_found',
          detail: `No ${objectType} ${write.lookup.objectId}`,
        },
      });
      continue;
    }
    const properties = onlyEmpty(write.properties, values);
    if (Object.keys(properties).length === 0) {
      results.push({
        write,
        outcome: { ok: false, reason: 'already_filled', detail: 'Every mapped field already has a value' },
      });
      continue;
    }
    ready.push({ ...write, properties });
  }
  for (let i = 0; i < ready.length; i += CRM_BATCH_SIZE) {
    const chunk = ready.slice(i, i + CRM_BATCH_SIZE);
    const updates: RecordUpdate[] = chunk.map((w) => ({ id: w.lookup.objectId, properties: w.properties }));
    let outcomes: Map<string, { ok: true } | { ok: false; reason: LookupFailureReason; detail: string }>;
    try {
      outcomes = await client.updateRecords(objectType, updates);
    } catch (error) {
      const outcome = failure(error);
      for (const write of chunk) results.push({ write, outcome });
      continue;
    }
    for (const write of chunk) {
      const outcome = outcomes.get(write.lookup.objectId);
      results.push({
        write,
        outcome: !outcome
          ? { ok: false, reason: 'crm_update_failed', detail: 'The CRM did not report on this record' }
          : outcome.ok
            ? { ok: true, filled: write.properties }
            : { ok: false, reason: outcome.reason, detail: outcome.detail },
      });
    }
  }
  return results;
}

async function currentValues(
  client: CrmPortalClient,
  objectType: CrmObjectType,
  writes: readonly CrmWrite[],
): Promise<Map<string, Record<string, string | null>> | Error> {
  if (writes.length === 0) return new Map();
  const ids = [...new Set(writes.map((w) => w.lookup.objectId))];
  const properties = [...new Set(writes.flatMap((w) => Object.keys(w.properties)))];
  try {
    const found = new Map<string, Record<string, string | null>>();
    for (let i = 0; i < ids.length; i += CRM_BATCH_SIZE) {
      for (const [id, values] of await client.readRecords(
        objectType,
        ids.slice(i, i + CRM_BATCH_SIZE),
        properties,
      ))
        found.set(id, values);
    }
    return found;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
