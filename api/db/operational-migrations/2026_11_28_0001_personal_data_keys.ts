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
  await allowErasedForGood(db);
}

/** A row without a key: the subject was erased for good, and nothing is sealed for it again. */
export async function allowErasedForGood(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE personal_data_keys ALTER COLUMN key_id DROP NOT NULL, ALTER COLUMN key DROP NOT NULL`.execute(
    db,
  );
}

/** Keys that protect personal fields of events: outside the log, deleted on erasure. */
export const personalDataKeys: Migration = { up: createPersonalDataKeys };

/** Erased-for-good subjects (a deleted account's person) keep a row without a key. */
export const personalDataErasedForGood: Migration = { up: allowErasedForGood };
