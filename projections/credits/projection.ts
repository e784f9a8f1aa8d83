import { sql } from 'kysely';
import { lookupOutcomeOf } from '../../domain/lookups/events';
import { insertRows } from '../json-rows';
import { batched, type ReadModelTransaction, type Recorded } from '../projection';

/** The user a credits stream (`credits-<userId>`) belongs to. */
export const userIdOfCreditsStream = (stream: string) =>
  stream.startsWith('credits-') ? stream.slice('credits-'.length) : undefined;

/** The credits events a balance is read from: each carries the balance it left behind. */
export const BALANCE_EVENTS = ['CreditsAdded', 'LookupCharged', 'LookupFailed', 'LookupSucceeded'] as const;
type Counted = (typeof BALANCE_EVENTS)[number];

interface UserDelta {
  balance: number;
  creditsUsed: number;
  failedAttempts: number;
  nothingToUpdate: number;
  updatedAt: string;
}

/** Folds a batch into one change per user, so a busy batch costs one upsert, not one per event. */
function fold(events: readonly Recorded<Counted>[]): { perUser: Map<string, UserDelta>; successful: number } {
  const perUser = new Map<string, UserDelta>();
  let successful = 0;
  for (const event of events) {
    const userId = userIdOfCreditsStream(event.streamName);
    if (!userId) continue;
    const { balanceAfter } = event.data;
    const delta = perUser.get(userId) ?? {
      balance: balanceAfter,
      creditsUsed: 0,
      failedAttempts: 0,
      nothingToUpdate: 0,
      updatedAt: event.recordedAt,
    };
    delta.balance = balanceAfter;
    delta.updatedAt = event.recordedAt;
    if (event.type === 'LookupSucceeded') {
      delta.creditsUsed++;
      successful++;
    }
    if (event.type === 'LookupFailed') {
      if (lookupOutcomeOf(event) === 'nothing_to_update') delta.nothingToUpdate++;
      else delta.failedAttempts++;
    }
    perUser.set(userId, delta);
  }
  return { perUser, successful };
}

/** Each user's balance, successful lookups, lookups with nothing to update and failed attempts; and the all-time lookup count. */
export const creditBalancesProjection = batched({
  name: 'credit_balances',
  tables: ['credit_balances', 'lookup_totals'],
  eventTypes: BALANCE_EVENTS,
  async applyBatch(trx: ReadModelTransaction, events) {
    const { perUser, successful } = fold(events);
    if (perUser.size > 0) {
      await insertRows(
        trx,
        'credit_balances',
        [...perUser].map(([userId, d]) => ({
          user_id: userId,
          balance: d.balance,
          credits_used: d.creditsUsed,
          failed_attempts: d.failedAttempts,
          nothing_to_update: d.nothingToUpdate,
          updated_at: d.updatedAt,
        })),
      )
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            balance: sql<number>`excluded.balance`,
            updated_at: sql<string>`excluded.updated_at`,
            credits_used: sql<number>`credit_balances.credits_used + excluded.credits_used`,
            failed_attempts: sql<number>`credit_balances.failed_attempts + excluded.failed_attempts`,
            nothing_to_update: sql<number>`credit_balances.nothing_to_update + excluded.nothing_to_update`,
          }),
        )
        .execute();
    }
    if (successful > 0) {
      await trx
        .insertInto('lookup_totals')
        .values({ id: 'all', successful })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({ successful: sql`lookup_totals.successful + excluded.successful` }),
        )
        .execute();
    }
  },
});
