import type { CrmObjectTypeName } from '../../domain/lookups/webhook-event';
import type { ReadModelDb } from '../schema';

/** What ZipFill last wrote to these records, by record id and property; records it never wrote are absent. */
export async function lastWrittenValues(
  db: ReadModelDb,
  portalId: string,
  objectType: CrmObjectTypeName,
  objectIds: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  const found = new Map<string, Record<string, string>>();
  const ids = [...new Set(objectIds)];
  for (let i = 0; i < ids.length; i += 1_000) {
    const rows = await db
      .selectFrom('written_values')
      .select(['object_id', 'property', 'value'])
      .where('portal_id', '=', portalId)
      .where('object_type', '=', objectType)
      .where('object_id', 'in', ids.slice(i, i + 1_000))
      .execute();
    for (const row of rows)
      found.set(row.object_id, { ...found.get(row.object_id), [row.property]: row.value });
  }
  return found;
}
