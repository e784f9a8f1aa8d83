import type { ReadModelDb } from '../schema';
import type { Account } from './tables';

export interface AccountRow {
  userId: string;
  email: string;
  createdAt: string;
  partner: string | null;
  isAdmin: boolean;
  creditThreshold: number | null;
  notificationsUnsubscribed: boolean;
}

export async function findAccountByEmail(db: ReadModelDb, email: string): Promise<AccountRow | undefined> {
  const row = await db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
  return row && toAccount(row);
}

/** The e-mail of each of these accounts that exists. */
export async function emailsOf(db: ReadModelDb, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('accounts')
    .select(['user_id', 'email'])
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.email]));
}

export async function countAccounts(db: ReadModelDb): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

function toAccount(row: Account): AccountRow {
  return {
    userId: row.user_id,
    email: row.email,
    createdAt: new Date(row.created_at).toISOString(),
    partner: row.partner,
    isAdmin: row.is_admin,
    creditThreshold: row.credit_threshold,
    notificationsUnsubscribed: row.notifications_unsubscribed,
  };
}
