import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One admin row per user, with what the figures over every account group by: registration,
 * partner, deletion and balance (`projections/admin/user-accounts.ts`). Filled from the accounts
 * and balances read models as they stand; a balance those had not yet caught up with is put right
 * by the user's next credits event.
 */
export const adminUserAccounts: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE admin_user_lookups
                ALTER COLUMN last_lookup_at DROP NOT NULL,
                ADD COLUMN IF NOT EXISTS registered_at timestamptz,
                ADD COLUMN IF NOT EXISTS partner text,
                ADD COLUMN IF NOT EXISTS deleted boolean NOT NULL DEFAULT false,
                ADD COLUMN IF NOT EXISTS balance integer NOT NULL DEFAULT 0`.execute(db);
    await sql`INSERT INTO admin_user_lookups (user_id, successful, failed, nothing_to_update)
              SELECT user_id, 0, 0, 0 FROM accounts
              ON CONFLICT (user_id) DO NOTHING`.execute(db);
    await sql`UPDATE admin_user_lookups l SET registered_at = a.created_at, partner = a.partner, deleted = a.deleted
              FROM accounts a WHERE a.user_id = l.user_id`.execute(db);
    await sql`UPDATE admin_user_lookups l SET balance = b.balance
              FROM credit_balances b WHERE b.user_id = l.user_id`.execute(db);
  },
};
