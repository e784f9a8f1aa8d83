import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../domain/eventstore/types';
import { adminLookupsProjection } from '../../projections/admin/lookups-projection';
import { readModels, type ReadModelDb } from '../../projections/schema';
import { backends, openForSuite } from '../support/databases';

let position = 0;
function event(type: string, userId: string, data: Record<string, unknown>): RecordedEvent {
  position++;
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { requestId: `req-${data.lookupId as string}` },
    streamName: `credits-${userId}`,
    revision: BigInt(position),
    position: String(position),
    recordedAt: data.at as string,
  } as RecordedEvent;
}

const ref = (lookupId: string, portalId: string, at: string) => ({
  lookupId,
  portalId,
  objectType: 'contact',
  zip: '10001',
  requestedAt: at,
  at,
});
const charged = (userId: string, id: string, portal: string, at: string, balanceAfter: number) =>
  event('LookupCharged', userId, { ...ref(id, portal, at), credits: 1, balanceAfter });
const succeeded = (userId: string, id: string, portal: string, at: string, balanceAfter: number) =>
  event('LookupSucceeded', userId, { ...ref(id, portal, at), filled: {}, balanceAfter });
const failed = (
  userId: string,
  id: string,
  portal: string,
  at: string,
  reason: string,
  balanceAfter: number,
) =>
  event('LookupFailed', userId, {
    ...ref(id, portal, at),
    reason,
    detail: '',
    refunded: false,
    balanceAfter,
  });

async function apply(db: ReadModelDb, events: RecordedEvent[]) {
  await db.transaction().execute((trx) => adminLookupsProjection.apply(trx, events));
}

for (const backend of backends) {
  describe(`the admin lookup counters on ${backend.name}`, () => {
    let db: ReadModelDb;
    openForSuite(backend, (test) => {
      db = readModels(test.database.db);
    });

    const counters = async (userId: string) => ({
      user: await db
        .selectFrom('admin_user_lookups')
        .select(['successful', 'failed'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      days: await db
        .selectFrom('admin_user_days')
        .select(['day', 'successful', 'failed'])
        .where('user_id', '=', userId)
        .orderBy('day')
        .execute(),
      failures: await db
        .selectFrom('admin_failure_users')
        .select(['reason', 'failures'])
        .where('user_id', '=', userId)
        .execute(),
      summaries: await db
        .selectFrom('admin_lookups')
        .select(['lookup_id', 'outcome', 'credits_before', 'credits_after'])
        .where('user_id', '=', userId)
        .orderBy('lookup_id')
        .execute(),
    });

    it('counts a lookup charged and finished in the same batch once, with the credits before and after', async () => {
      const user = `u-${randomUUID()}`;
      await apply(db, [
        charged(user, 'a1', 'p1', '2026-03-01T10:00:00Z', 9),
        succeeded(user, 'a1', 'p1', '2026-03-01T10:00:01Z', 9),
        failed(user, 'a2', 'p1', '2026-03-02T10:00:00Z', 'zip_not_found', 9),
      ]);
      expect(await counters(user)).toEqual({
        user: { successful: 1, failed: 1 },
        days: [
          { day: '2026-03-01', successful: 1, failed: 0 },
          { day: '2026-03-02', successful: 0, failed: 1 },
        ],
        failures: [{ reason: 'zip_not_found', failures: 1 }],
        summaries: [
          { lookup_id: 'a1', outcome: 'success', credits_before: 10, credits_after: 9 },
          { lookup_id: 'a2', outcome: 'failed', credits_before: 9, credits_after: 9 },
        ],
      });
    });

    it('finishes a lookup charged in an earlier batch and counts it then', async () => {
      const user = `u-${randomUUID()}`;
      await apply(db, [charged(user, 'b1', 'p2', '2026-03-01T10:00:00Z', 4)]);
      expect((await counters(user)).user).toBeUndefined();
      await apply(db, [failed(user, 'b1', 'p2', '2026-03-01T10:00:02Z', 'crm_update_failed', 5)]);
      expect(await counters(user)).toMatchObject({
        user: { successful: 0, failed: 1 },
        summaries: [{ lookup_id: 'b1', outcome: 'failed', credits_before: 5, credits_after: 5 }],
      });
    });

    it('counts a replayed outcome nowhere, within a batch or in a later one', async () => {
      const user = `u-${randomUUID()}`;
      await apply(db, [
        charged(user, 'c1', 'p3', '2026-03-01T10:00:00Z', 1),
        succeeded(user, 'c1', 'p3', '2026-03-01T10:00:01Z', 1),
        succeeded(user, 'c1', 'p3', '2026-03-01T10:00:01Z', 1),
      ]);
      await apply(db, [
        charged(user, 'c1', 'p3', '2026-03-01T10:00:00Z', 1),
        failed(user, 'c1', 'p3', '2026-03-01T10:00:05Z', 'zip_not_found', 2),
      ]);
      expect(await counters(user)).toEqual({
        user: { successful: 1, failed: 0 },
        days: [{ day: '2026-03-01', successful: 1, failed: 0 }],
        failures: [],
        summaries: [{ lookup_id: 'c1', outcome: 'success', credits_before: 2, credits_after: 1 }],
      });
      const portal = await db
        .selectFrom('admin_portal_lookups')
        .select(['total', 'successful'])
        .where('portal_id', '=', 'p3')
        .executeTakeFirstOrThrow();
      expect(portal).toEqual({ total: 1, successful: 1 });
    });

    it('shows a lookup with nothing to update apart: not a failure, not in Failure Analysis, not in the failed counts', async () => {
      const user = `u-${randomUUID()}`;
      await apply(db, [
        charged(user, 'd1', 'p4', '2026-03-01T10:00:00Z', 4),
        failed(user, 'd1', 'p4', '2026-03-01T10:00:01Z', 'already_filled', 5),
        failed(user, 'd2', 'p4', '2026-03-01T10:00:02Z', 'zip_not_found', 5),
      ]);
      expect(await counters(user)).toEqual({
        user: { successful: 0, failed: 1 },
        days: [{ day: '2026-03-01', successful: 0, failed: 1 }],
        failures: [{ reason: 'zip_not_found', failures: 1 }],
        summaries: [
          { lookup_id: 'd1', outcome: 'nothing_to_update', credits_before: 5, credits_after: 5 },
          { lookup_id: 'd2', outcome: 'failed', credits_before: 5, credits_after: 5 },
        ],
      });
      const unchanged = await db
        .selectFrom('admin_user_lookups')
        .select('nothing_to_update')
        .where('user_id', '=', user)
        .executeTakeFirstOrThrow();
      expect(unchanged.nothing_to_update).toBe(1);
    });
  });
}
