import { sql, type Kysely } from 'kysely';
import type { Projection } from '../../projections/projection';

/** A projection that writes one row per event it sees, so duplicates and gaps can be counted. */
export function recordingProjection(
  name: string,
  table: string,
  options: { delayMs?: number } = {},
): Projection {
  return {
    name,
    tables: [],
    eventTypes: ['Tick'],
    async apply(trx, events) {
      for (const event of events) {
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
        await sql`INSERT INTO ${sql.table(table)} (event_id, stream, n) VALUES (${event.id}, ${event.streamName}, ${event.data.n as number})`.execute(
          trx,
        );
      }
    },
  };
}

export async function createRecordingTable(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(table)} (event_id text NOT NULL, stream text NOT NULL, n integer NOT NULL)`.execute(
    db,
  );
}

export async function countRecorded(
  db: Kysely<unknown>,
  table: string,
): Promise<{ rows: number; distinct: number }> {
  const { rows } = await sql<{ rows: string; distinct: string }>`
    SELECT count(*)::text AS rows, count(DISTINCT event_id)::text AS distinct FROM ${sql.table(table)}`.execute(
    db,
  );
  return { rows: Number(rows[0]?.rows), distinct: Number(rows[0]?.distinct) };
}
