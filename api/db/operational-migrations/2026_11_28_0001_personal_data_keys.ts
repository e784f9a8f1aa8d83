import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * The table of api/personal-data's keys. "If not exists": `npm run events:copy` creates it in the
 * target before the service has ever started there, since the copied events need their keys.
 */
export async function createPersonalDataKeys(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE IF NOT EXISTS personal_data_keys (
      subject text PRIMARY KEY,
      key_id uuid NOT NULL UNIQUE,
      key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

/** Keys that protect personal fields of events: outside the log, deleted on erasure. */
export const personalDataKeys: Migration = { up: createPersonalDataKeys };
