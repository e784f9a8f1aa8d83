import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DailyUsage } from '../../api/lookups/contract';
import type { Checkpoint, RecordedEvent } from '../../domain/eventstore/types';
import { dailyUsageProjection } from '../../projections/usage/projection';
import { dailyUsageOf } from '../../projections/usage/queries';
import { readModels, type ReadModelDb } from '../../projections/schema';
import { emptyDay } from '../../web/src/features/dashboard/usage/daily-usage';
import { backends, openForSuite } from '../support/databases';

let position = 0;
function outcome(userId: string, at: string, reason?: string, source?: string, detail = ''): RecordedEvent {
  position++;
  const lookupId = `l-${position}`;
  const ref = { lookupId, portalId: 'p1', objectType: 'contact', zip: '10001', requestedAt: at, at };
  return {
    id: randomUUID(),
    type: reason ? 'LookupFailed' : 'LookupSucceeded',
    data: reason
      ? { ...ref, reason, detail, refunded: false, balanceAfter: 1 }
      : { ...ref, filled: {}, balanceAfter: 1, ...(source ? { source } : {}) },
    metadata: {},
    streamName: `credits-${userId}`,
    revision: BigInt(position),
    position: String(position) as Checkpoint,
    recordedAt: at,
  } as RecordedEvent;
}

/** A day as the query answers it: the dashboard's day without lookups, with these counts. */
const day = (date: string, counts: Omit<Partial<DailyUsage>, 'date'>): DailyUsage => ({
  ...emptyDay(date),
  ...counts,
});

async function apply(db: ReadModelDb, events: RecordedEvent[]) {
  await db.transaction().execute((trx) => dailyUsageProjection.apply(trx, events));
}

for (const backend of backends) {
  describe(`daily usage on ${backend.name}`, () => {
    let db: ReadModelDb;
    openForSuite(backend, (test) => {
      db = readModels(test.database.db);
    });

    it('adds each user’s outcomes to their UTC day, by reason and by source, whether they come in one batch or several', async () => {
      const ann = `u-${randomUUID()}`;
      const bob = `u-${randomUUID()}`;
      const events = [
        outcome(ann, '2026-03-01T23:59:59Z'),
        outcome(bob, '2026-03-01T10:00:00Z', 'zip_not_found'),
        outcome(ann, '2026-03-02T00:00:00Z', 'invalid_zip'),
        outcome(ann, '2026-03-01T08:00:00Z', undefined, 'workflow'),
        outcome(bob, '2026-03-01T11:00:00Z', 'zip_not_found'),
        outcome(ann, '2026-03-02T05:00:00Z', 'zip_not_found'),
      ];
      await apply(db, events.slice(0, 3));
      await apply(db, events.slice(3));

      expect(await dailyUsageOf(db, ann, '2026-03-01', '2026-03-02')).toEqual([
        day('2026-03-01', { successful_lookups: 2, successful_by_source: { webhook: 1, workflow: 1 } }),
        day('2026-03-02', { failed_lookups: 2, failure_reasons: { invalid_zip: 1, zip_not_found: 1 } }),
      ]);
      expect(await dailyUsageOf(db, bob, '2026-03-01', '2026-03-02')).toEqual([
        day('2026-03-01', { failed_lookups: 2, failure_reasons: { zip_not_found: 2 } }),
      ]);
    });

    it('counts the values HubSpot refused by what it said, across batches', async () => {
      const cy = `u-${randomUUID()}`;
      const city = 'HubSpot refused the value for City: Enter only letters';
      const county = 'HubSpot refused the value for County: Required when State/Region has a value';
      await apply(db, [
        outcome(cy, '2026-03-03T10:00:00Z', 'crm_validation_failed', undefined, city),
        outcome(cy, '2026-03-03T11:00:00Z', 'zip_not_found', undefined, 'No location for 00000'),
      ]);
      await apply(db, [
        outcome(cy, '2026-03-03T12:00:00Z', 'crm_validation_failed', undefined, city),
        outcome(cy, '2026-03-03T13:00:00Z', 'crm_validation_failed', undefined, county),
      ]);
      expect(await dailyUsageOf(db, cy, '2026-03-03', '2026-03-03')).toEqual([
        expect.objectContaining({
          failed_lookups: 4,
          failure_reasons: { crm_validation_failed: 3, zip_not_found: 1 },
          refused_values: { [city]: 2, [county]: 1 },
        }),
      ]);
    });

    it('counts a lookup with nothing to update on its own, not among the failed lookups or their reasons', async () => {
      const cy = `u-${randomUUID()}`;
      await apply(db, [
        outcome(cy, '2026-03-03T10:00:00Z', 'already_filled'),
        outcome(cy, '2026-03-03T11:00:00Z', 'zip_not_found'),
        outcome(cy, '2026-03-03T12:00:00Z'),
      ]);
      expect(await dailyUsageOf(db, cy, '2026-03-03', '2026-03-03')).toEqual([
        day('2026-03-03', {
          successful_lookups: 1,
          failed_lookups: 1,
          nothing_to_update: 1,
          failure_reasons: { zip_not_found: 1 },
          successful_by_source: { webhook: 1 },
        }),
      ]);
    });
  });
}
