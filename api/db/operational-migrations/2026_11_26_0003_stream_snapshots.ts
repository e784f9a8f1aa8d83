import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * A stream's folded state at a revision, so a command on a long stream reads only what came after
 * it. A cache of the events, never history: rows may be dropped at any time and are written
 * again. One row per stream and decider version, so processes of two versions (a rolling deploy)
 * do not overwrite each other's.
 */
export const streamSnapshots: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE stream_snapshots (
        stream_id text NOT NULL,
        version text NOT NULL,
        revision bigint NOT NULL,
        event_id uuid NOT NULL,
        state jsonb NOT NULL,
        taken_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (stream_id, version)
      )`.execute(db);
  },
};
