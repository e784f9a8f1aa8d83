import pg from 'pg';
import { allProjections } from '../../projections';

/**
 * Every read-model table the projections write in `schema`, each row as JSON, in a stable order,
 * to compare the live read models with a rebuild. The lookup queue's `seq` is left out: it is an
 * identity column, so a batch that rolled back (a killed process's, or one that lost the race for
 * its checkpoint) leaves a gap in the live numbering that a rebuild does not have.
 */
export async function readModelTables(url: string, schema: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables: Record<string, string[]> = {};
    for (const table of allProjections.flatMap((p) => p.tables)) {
      const { rows } = await client.query<{ row: string }>(
        `SELECT (to_jsonb(t) - 'seq')::text AS row FROM ${schema}.${table} t ORDER BY 1`,
      );
      tables[table] = rows.map((r) => r.row);
    }
    return tables;
  } finally {
    await client.end();
  }
}
