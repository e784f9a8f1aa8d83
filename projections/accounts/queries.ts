import type { ReadModelDb } from '../schema';

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

/** The account's notification threshold (null: none set), for telling whether its balance is low. */
export async function creditThresholdOf(db: ReadModelDb, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('accounts')
    .select('credit_threshold')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.credit_threshold ?? null;
}
