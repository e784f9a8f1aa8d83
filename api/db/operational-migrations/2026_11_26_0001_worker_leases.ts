import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

export const workerLeases: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE worker_leases (
      name text PRIMARY KEY,
      holder text NOT NULL,
      expires_at timestamptz NOT NULL,
      acquired_at timestamptz NOT NULL
    )`.execute(db);
  },
};
