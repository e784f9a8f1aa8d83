import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * Every deleted account reads as "deleted user", so an address is no longer unique in the read
 * model; the e-mail claim streams keep live addresses unique. The index stays for sign-in lookups.
 */
export const accountsErasable: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE accounts DROP CONSTRAINT IF EXISTS accounts_email_key`.execute(db);
    await sql`CREATE INDEX accounts_by_email ON accounts (email)`.execute(db);
  },
};
