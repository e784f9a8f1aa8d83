import { CRM_BATCH_SIZE } from '../lookups/crm-writes';
import type { CallPriority, CrmObjectType, CrmPortalClient, CrmWriteOutcome } from '../portals/types';

/** One record's earlier values to write back (domain/record-history/undo.ts decided them). */
export interface Restore {
  objectId: string;
  values: Record<string, string>;
}

/**
 * Writes earlier values back to records of one portal and object type, in HubSpot batch updates
 * of 100, within the portal's budget at the given priority (a person waiting: live; a job:
 * background). An empty value clears the property, as HubSpot does with ''. One outcome per
 * record; a record with nothing to write back is not sent.
 */
export async function writeRestores(
  client: CrmPortalClient,
  objectType: CrmObjectType,
  restores: readonly Restore[],
  priority: CallPriority,
): Promise<Map<string, CrmWriteOutcome>> {
  const outcomes = new Map<string, CrmWriteOutcome>();
  const writing = restores.filter((r) => Object.keys(r.values).length > 0);
  for (const r of restores) if (!writing.includes(r)) outcomes.set(r.objectId, { ok: true });
  for (let i = 0; i < writing.length; i += CRM_BATCH_SIZE) {
    const chunk = writing.slice(i, i + CRM_BATCH_SIZE);
    const written = await client.updateRecords(
      objectType,
      chunk.map((r) => ({ id: r.objectId, properties: r.values })),
      { priority },
    );
    for (const r of chunk)
      outcomes.set(
        r.objectId,
        written.get(r.objectId) ?? {
          ok: false,
          reason: 'crm_update_failed',
          detail: 'HubSpot did not report on this record',
        },
      );
  }
  return outcomes;
}
