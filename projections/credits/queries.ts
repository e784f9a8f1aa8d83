import type { ReadModelDb } from '../schema';

export interface CreditUsage {
  balance: number;
  creditsUsed: number;
  failedAttempts: number;
  nothingToUpdate: number;
}

export async function creditUsageOf(db: ReadModelDb, userId: string): Promise<CreditUsage> {
  const row = await db
    .selectFrom('credit_balances')
    .select(['balance', 'credits_used', 'failed_attempts', 'nothing_to_update'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    balance: row?.balance ?? 0,
    creditsUsed: row?.credits_used ?? 0,
    failedAttempts: row?.failed_attempts ?? 0,
    nothingToUpdate: row?.nothing_to_update ?? 0,
  };
}

/** Successful lookups of every user, ever. */
export async function allTimeSuccessfulLookups(db: ReadModelDb): Promise<number> {
  const row = await db
    .selectFrom('lookup_totals')
    .select('successful')
    .where('id', '=', 'all')
    .executeTakeFirst();
  return Number(row?.successful ?? 0);
}
