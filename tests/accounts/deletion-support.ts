import { sql, type Kysely } from 'kysely';
import type { EventStore, RecordedEvent } from '../../domain/eventstore/types';
import { START } from '../../domain/eventstore/types';
import { allProjections } from '../../projections';
import { catchUp, createVersion, liveSchema } from '../../projections/versions';

/**
 * The stand-ins' own tables are the other side's data, not ZipFill's: the sandbox CRM's records
 * are the customer's HubSpot (its contacts keep the ZIPs they were given), and Stripe keeps its
 * payment records.
 */
const OTHER_SIDES = /^(sandbox_|stripe_sandbox_)/;

export interface Finding {
  table: string;
  column: string;
  value: string;
}

/**
 * Every text, JSON and character column of every table in the schema, searched for each needle
 * (case-insensitive), as one would search a database for a person after their erasure.
 */
export async function searchTables(
  db: Kysely<unknown>,
  schema: string,
  needles: string[],
): Promise<Finding[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = ${schema} AND t.table_type = 'BASE TABLE'
       AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
     ORDER BY 1, 2`.execute(db);
  const found: Finding[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    if (OTHER_SIDES.test(table)) continue;
    for (const needle of needles) {
      const { rows } = await sql<{ value: string }>`
        SELECT ${sql.ref(column)}::text AS value FROM ${sql.table(`${schema}.${table}`)}
         WHERE strpos(lower(${sql.ref(column)}::text), ${needle.toLowerCase()}) > 0 LIMIT 3`.execute(db);
      for (const { value } of rows) found.push({ table, column, value });
    }
  }
  return found;
}

/** Every event of the log, as stored. */
export async function wholeLog(store: EventStore): Promise<RecordedEvent[]> {
  await store.awaitVisible();
  const all: RecordedEvent[] = [];
  for (let after = START; ;) {
    const { events, next } = await store.readAll({ after, limit: 1000 });
    if (events.length === 0) return all;
    all.push(...events);
    after = next;
  }
}

/** The log as text to search: what the stored events hold, their stream names included. */
export const logText = (events: RecordedEvent[]) =>
  JSON.stringify(events.map((e) => [e.streamName, e.type, e.data, e.metadata]));

/** Each read-model table's rows, sorted, without identity columns (a rebuild numbers anew). */
async function tablesOf(db: Kysely<unknown>, schema: string): Promise<Record<string, string[]>> {
  const tables = [...new Set(allProjections.flatMap((p) => p.tables))].sort();
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT * FROM ${sql.table(`${schema}.${table}`)}`.execute(db);
    result[table] = rows
      .map((row) => {
        const { seq: _seq, ...rest } = row;
        return JSON.stringify(rest);
      })
      .sort();
  }
  return result;
}

/**
 * Builds every read model again from the log into a schema of its own, as `npm run replay`
 * does, and answers both the live tables and the rebuilt ones.
 */
export async function replayBeside(db: Kysely<unknown>, store: EventStore) {
  const live = await liveSchema(db);
  const version = `replay_${Math.random().toString(36).slice(2, 10)}`;
  const options = { store, projections: allProjections, live, version };
  await createVersion(db, options);
  await catchUp(db, options, { read: 0 });
  try {
    return { live: await tablesOf(db, live), replayed: await tablesOf(db, version) };
  } finally {
    await sql`DROP SCHEMA ${sql.id(version)} CASCADE`.execute(db);
  }
}
