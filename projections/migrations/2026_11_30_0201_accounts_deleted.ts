import { sql, type Kysely, type Migration } from 'kysely';
import { DELETED_USER } from '../../domain/accounts/personal-data';

/**
 * Whether an account was deleted, so that the admin's views mark it and leave it out of their
 * user and credit totals. Seeded from the name deletion already gave its row.
 */
export const accountsDeleted: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE accounts ADD COLUMN deleted boolean NOT NULL DEFAULT false`.execute(db);
    await sql`UPDATE accounts SET deleted = true WHERE email = ${DELETED_USER}`.execute(db);
  },
};
