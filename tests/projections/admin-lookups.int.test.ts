import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../domain/eventstore/types';
import { adminLookupsProjection } from '../../projections/admin/lookups-projection';
import { mergeRings, ringOf, weekTotal } from '../../projections/admin/week-ring';
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
      expect((await counters(user)).user).toEqual({ successful: 0, failed: 0 });
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

    it("keeps each user's last seven days on their row, in any batching, a late older day counting nowhere", async () => {
      const user = `u-${randomUUID()}`;
      const lookup = (id: string, at: string) => [
        charged(user, id, 'p5', at, 9),
        succeeded(user, id, 'p5', at, 9),
      ];
      // One batch holds two days a week apart (the same slot) and a day twice; the next the
      // week after; the last a day older than any other, arriving late.
      await apply(db, [
        ...lookup('w1', '2026-03-01T10:00:00Z'),
        ...lookup('w2', '2026-03-08T10:00:00Z'),
        ...lookup('w3', '2026-03-08T11:00:00Z'),
        ...lookup('w4', '2026-03-09T10:00:00Z'),
      ]);
      await apply(db, [...lookup('w5', '2026-03-14T10:00:00Z'), ...lookup('w6', '2026-03-15T10:00:00Z')]);
      await apply(db, [...lookup('w7', '2026-02-22T10:00:00Z')]);

      const row = await db
        .selectFrom('admin_user_lookups')
        .select(['week_days', 'week_lookups'])
        .where('user_id', '=', user)
        .executeTakeFirstOrThrow();
      const ring = { days: row.week_days, counts: row.week_lookups };
      const expected = [
        ringOf('2026-03-08', 2),
        ringOf('2026-03-09', 1),
        ringOf('2026-03-14', 1),
        ringOf('2026-03-15', 1),
      ].reduce(mergeRings);
      expect(ring).toEqual(expected);
      expect(weekTotal(ring, '2026-03-09')).toBe(3); // the 9th, 14th and 15th
      expect(weekTotal(ring, '2026-03-15')).toBe(1);
    });

    it("keeps on each user's row their registration, partner, deletion and the balance after their latest credits event", async () => {
      const user = `u-${randomUUID()}`;
      const of = (type: string, stream: string, data: Record<string, unknown>) => ({
        ...event(type, user, data),
        streamName: stream,
      });
      await apply(db, [
        of('AccountRegistered', `account-${user}`, {
          userId: user,
          email: 'x@example.com',
          passwordHash: '',
          partner: 'partner-a',
          registeredAt: '2026-03-01T09:00:00Z',
          at: '2026-03-01T09:00:00Z',
        }),
        of('CreditsAdded', `credits-${user}`, {
          credits: 300,
          source: 'signup',
          balanceAfter: 300,
          at: '2026-03-01T09:00:00Z',
        }),
        charged(user, 'e1', 'p6', '2026-03-01T10:00:00Z', 299),
      ]);
      await apply(db, [
        succeeded(user, 'e1', 'p6', '2026-03-01T10:00:01Z', 299),
        charged(user, 'e2', 'p6', '2026-03-01T11:00:00Z', 298),
      ]);
      const row = () =>
        db
          .selectFrom('admin_user_lookups')
          .select(['registered_at', 'partner', 'deleted', 'balance', 'successful'])
          .where('user_id', '=', user)
          .executeTakeFirstOrThrow();
      expect(await row()).toEqual({
        registered_at: new Date('2026-03-01T09:00:00Z'),
        partner: 'partner-a',
        deleted: false,
        balance: 298,
        successful: 1,
      });

      await apply(db, [
        of('AccountDeleted', `account-${user}`, { userId: user, at: '2026-03-02T09:00:00Z' }),
      ]);
      expect(await row()).toMatchObject({ deleted: true, balance: 298, successful: 1 });
    });
  });
}
